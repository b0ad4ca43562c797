import { useEffect, useState } from 'react';
import { thumbnail } from './thumbnails';

export function Thumbnail({ sessionId, seq, present }: { sessionId: string; seq: number; present: boolean }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!present) return;
    let current = true;
    void thumbnail(sessionId, seq).then(value => current && setUrl(value));
    return () => {
      current = false;
    };
  }, [sessionId, seq, present]);
  return (
    <div className="thumbnail" aria-hidden="true">
      {url ? <img src={url} alt="" data-testid="step-thumbnail" /> : null}
    </div>
  );
}
