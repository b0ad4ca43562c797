import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ErrorBoundary } from './components/ErrorBoundary';
import { startStore } from './store/events';
import './styles.css';

startStore();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary name="Agent Inspector">
      <App />
    </ErrorBoundary>
  </StrictMode>,
);
