// The tasks of bench:context: the fixed suite on bench/fixtures/context, and one short task per saved real page whose
// targets are picked from the page's own snapshot.
import { call, choose, withServers } from './support.js';
import { click, select, type } from './context-agent.js';

/** The fixture suite: a search-results list with pagination, a sign-up form, a 5,000-row table with a modal editor, a
 * settings page with a confirmation dialog, a paginated blog. */
export const TASKS = [
  {
    name: 'search, add to cart, next page',
    steps: [
      { go: '/search.html' },
      type('searchbox "Search products"', 'laptop', { args: { text: 'laptop', submit: true } }),
      click('button "Add laptop model 3 to cart"'),
      click('button "Next page"'),
      click('button "Add laptop model 14 to cart"'),
    ],
  },
  {
    name: 'search, jump pages, open result',
    steps: [
      { go: '/search.html' },
      type('searchbox "Search products"', 'phone', { args: { text: 'phone', submit: true } }),
      click('button "Page 3"'),
      click('button "Page 5"'),
      click('link "phone model 45"'),
    ],
  },
  {
    name: 'sign-up form, complete',
    steps: [
      { go: '/signup.html' },
      type('textbox "First name"', 'Ada'),
      type('textbox "Last name"', 'Lovelace'),
      type('textbox "Email"', 'ada@example.com'),
      select('combobox "Country"', 'Japan'),
      click('radio "Team"'),
      click('checkbox "I accept the terms"'),
      click('button "Create account"'),
      click('link "Start the tour"'),
    ],
  },
  {
    name: 'sign-up form, fix errors',
    steps: [
      { go: '/signup.html' },
      click('button "Create account"'),
      type('textbox "First name"', 'Grace'),
      click('checkbox "I accept the terms"'),
      type('textbox "Last name"', 'Hopper'),
      type('textbox "Email"', 'grace@example.com'),
      click('button "Create account"'),
    ],
  },
  {
    name: '5,000-row table, edit in a modal',
    steps: [
      { go: '/table.html' },
      click('button "Edit Item 2"'),
      type('spinbutton "Stock"', '42'),
      click('button "Save"'),
      click('button "Edit Item 3"'),
      click('button "Cancel"'),
    ],
  },
  {
    name: '5,000-row table, filter then edit',
    steps: [
      { go: '/table.html' },
      type('textbox "Filter by name"', '777'),
      click('button "Apply filter"'),
      click('button "Edit Item 4777"'),
      click('button "Cancel"'),
    ],
  },
  {
    name: 'settings, delete account in a dialog',
    steps: [
      { go: '/settings.html' },
      click('checkbox "Weekly digest"'),
      click('button "Delete account"'),
      type('textbox "Confirmation"', 'DELETE'),
      click('button "Delete forever"'),
    ],
  },
  {
    name: 'settings, cancel dialog, edit profile',
    steps: [
      { go: '/settings.html' },
      click('button "Delete account"'),
      click('button "Keep my account"'),
      type('textbox "Display name"', 'Grace'),
      click('checkbox "Public profile"'),
    ],
  },
  {
    name: 'blog, paginate and open',
    steps: [
      { go: '/articles.html' },
      click('link "Next"', { newPage: true }),
      click('link "Page 5"', { newPage: true }),
      click('link "Article 50: notes on system 50"'),
      click('link "Previous"', { newPage: true }),
    ],
  },
];

/** Per pick call: a page that never answers costs its task, not the run. */
const PICK_CALL_MS = 60_000;
/** What the agent types into a real page's field. */
const TEXT = 'bench';

/**
 * Untimed, before any measured run: for each real page (served at `${base}/real/<page>`), the task every server then
 * runs: navigate, type into the page's first text field when it has one, then click two elements that keep the agent on
 * the page (a button or link; the second from further down the page), each checked to work in that order on both
 * `definitions` (ours and the peer; every mode of ours takes the same snapshot). A page where nothing can be picked has
 * no task (`skipped`, with the reason).
 */
export async function pickRealTasks(definitions, base, pages, log) {
  const tasks = [];
  const skipped = [];
  if (!pages.length) return { tasks, skipped };
  // The page server outlives these servers: withServers closes only them (also on Ctrl-C).
  await withServers(definitions, { close: async () => {} }, async servers => {
    for (const page of pages) {
      const url = `${base}/real/${page}`;
      const act = (server, tool, args) =>
        Promise.race([
          call(server, page, tool, args),
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error(`${tool} took over ${PICK_CALL_MS} ms`)), PICK_CALL_MS).unref(),
          ),
        ]).catch(error => error);
      const plan = await choose(servers, url, act, { clicks: 2, stay: true, text: TEXT });
      const steps = [...(plan.field ? [type(plan.field, TEXT)] : []), ...plan.clicks.map(target => click(target))];
      if (plan.error || !steps.length) {
        skipped.push({
          page,
          why:
            plan.error?.split('\n')[0].slice(0, 100) ??
            'no field and no click that works on both and stays on the page',
        });
        log(`${page}: skipped (${skipped.at(-1).why})`);
        continue;
      }
      tasks.push({ name: page, steps: [{ go: `/real/${page}` }, ...steps] });
      log(`${page}: ${steps.map(step => `${step.tool.replace('browser_', '')} ${step.target}`).join(', ')}`);
    }
  });
  return { tasks, skipped };
}
