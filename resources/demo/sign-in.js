// The demo's sign-in accepts any email and password: it only exists to give an agent a form to fill.
document.getElementById('sign-in').addEventListener('submit', event => {
  event.preventDefault();
  const form = event.target;
  const email = form.email.value.trim();
  if (!email.includes('@')) {
    const problem = document.getElementById('problem');
    problem.textContent = 'Enter an email address.';
    problem.hidden = false;
    return;
  }
  sessionStorage.setItem('acme-user', email);
  location.href = 'tasks.html';
});
