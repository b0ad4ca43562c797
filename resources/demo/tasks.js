// A small task list, so the demo's steps change the page in ways every inspector panel can show.
const tasks = [
  { title: 'Triage new bug reports', done: true },
  { title: 'Update the release notes', done: false },
];
const list = document.getElementById('tasks');
const summary = document.getElementById('summary');
document.getElementById('user').textContent = `Signed in as ${sessionStorage.getItem('acme-user') ?? 'guest'}`;

function render() {
  list.replaceChildren(
    ...tasks.map(task => {
      const item = document.createElement('li');
      const label = document.createElement('label');
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.checked = task.done;
      box.addEventListener('change', () => {
        task.done = box.checked;
        render();
      });
      label.append(box, ` ${task.title}`);
      item.append(label);
      if (task.done) item.className = 'done';
      return item;
    }),
  );
  const open = tasks.filter(task => !task.done).length;
  summary.textContent = `${open} open, ${tasks.length - open} done`;
}

document.getElementById('add-task').addEventListener('submit', event => {
  event.preventDefault();
  const input = event.target.title;
  const title = input.value.trim();
  if (!title) return;
  tasks.push({ title, done: false });
  input.value = '';
  render();
});
render();
