// The planner's visual references: colours read from a screenshot, positions, icons and counted cards.
import { expect, test } from '@playwright/test';
import { isNegotiation } from '../../../shared/negotiation';
import { plan, actionOf, negotiationOf, screenshot, button, type Box } from './planner-fixtures';

test('a colour asks for hybrid, then the real screenshot picks the blue button (boxes scaled to image pixels)', async () => {
  const boxes: Box[] = [
    [20, 20, 100, 40],
    [160, 20, 100, 40],
    [300, 20, 100, 40],
  ];
  const tree = [
    button('e1', 'Button', boxes[0]),
    button('e2', 'Button', boxes[1]),
    button('e3', 'Button', boxes[2]),
    button('e4', 'Button', [20, 900, 100, 40]), // below the fold: no pixels
  ];
  const first = negotiationOf(
    await plan({ query: 'Click the blue button', viewport: { width: 640, height: 400 }, interactiveTree: tree }),
  );
  expect(first).toMatchObject({
    status: 'needs_context',
    requestedDomMode: 'hybrid',
    needsScreenshot: true,
    needsSkeletonDom: true,
  });
  expect(first.reason).toContain('"blue"');

  // Device scale 2: box coordinates in CSS pixels must be doubled to land on the right pixels.
  const shot = screenshot(640, 400, 2, [
    { box: boxes[0], rgb: [220, 40, 40] },
    { box: boxes[1], rgb: [30, 90, 220] },
    { box: boxes[2], rgb: [40, 170, 60] },
  ]);
  const hybrid = {
    domMode: 'hybrid',
    viewport: { width: 640, height: 400 },
    interactiveTree: tree,
    screenshot: shot,
    skeletonDom:
      '<div><button data-llm-id="e1">Button</button><button data-llm-id="e2">Button</button><button data-llm-id="e3">Button</button></div>',
  };
  const blue = await plan({ ...hybrid, query: 'Click the blue button' });
  expect(actionOf(blue)).toBe('click(e2)');
  expect(isNegotiation(blue) ? '' : blue.thought).toContain('blue');
  expect(actionOf(await plan({ ...hybrid, query: 'click the green button' }))).toBe('click(e3)');
  const purple = actionOf(await plan({ ...hybrid, query: 'click the purple button' }));
  expect(purple).toMatch(/^fail\(/);
  expect(purple).toContain('(e1) is red');
  expect(purple).toContain('(e4) is not in the screenshot');
});

test('a position asks for hybrid, then picks the button nearest the top-right corner', async () => {
  const tree = [
    button('e1', 'Home', [10, 10, 80, 30]),
    button('e2', 'Help', [1100, 700, 80, 30]),
    button('e3', 'Account', [1180, 10, 80, 30]),
    button('e4', 'Cart', [1050, 60, 80, 30]),
  ];
  const query = 'Click the button in the top-right corner';
  expect(negotiationOf(await plan({ query, interactiveTree: tree })).reason).toContain('top-right');
  const artifacts = { domMode: 'hybrid', skeletonDom: '<div></div>', screenshot: screenshot(1280, 800, 1, []) };
  expect(actionOf(await plan({ query, ...artifacts, interactiveTree: tree }))).toBe('click(e3)');
  expect(actionOf(await plan({ query: 'click the bottom button', ...artifacts, interactiveTree: tree }))).toBe(
    'click(e2)',
  );
  // No element is named like a gear, so the place alone decides.
  expect(actionOf(await plan({ query: 'click the gear at the top left', ...artifacts, interactiveTree: tree }))).toBe(
    'click(e1)',
  );
});

test('icons map to names; "the second card" counts the cards of the skeleton', async () => {
  const tree = [
    button('e1', 'Settings', [1200, 10, 30, 30]),
    button('e2', 'Notifications', [1150, 10, 30, 30]),
    { i: 'e5', r: 'lnk', n: 'Basic', box: [100, 200, 200, 30] as Box },
    button('e6', 'Buy', [100, 300, 80, 30]),
    { i: 'e7', r: 'lnk', n: 'Pro', box: [400, 200, 200, 30] as Box },
    button('e8', 'Buy', [400, 300, 80, 30]),
  ];
  expect(negotiationOf(await plan({ query: 'click the gear icon', interactiveTree: tree }))).toMatchObject({
    requestedDomMode: 'hybrid',
  });
  const skeletonDom =
    '<header><button aria-label="Notifications" data-llm-id="e2"></button><button aria-label="Settings" data-llm-id="e1"></button></header>' +
    '<ul><li><a href="/basic" data-llm-id="e5">Basic</a><p>$5</p><button data-llm-id="e6">Buy</button></li>' +
    '<li><a href="/pro" data-llm-id="e7">Pro</a><p>$20</p><button data-llm-id="e8">Buy</button></li></ul>';
  const artifacts = { domMode: 'hybrid', skeletonDom, screenshot: screenshot(1280, 800, 1, []) };
  const gear = await plan({ query: 'click the gear icon', ...artifacts, interactiveTree: tree });
  expect(actionOf(gear)).toBe('click(e1)');
  expect(isNegotiation(gear) ? '' : gear.thought).toContain('gear icon');
  expect(actionOf(await plan({ query: 'Click the bell', ...artifacts, interactiveTree: tree }))).toBe('click(e2)');
  expect(negotiationOf(await plan({ query: 'Click the second card', interactiveTree: tree })).reason).toContain(
    'second card',
  );
  expect(actionOf(await plan({ query: 'Click the second card', ...artifacts, interactiveTree: tree }))).toBe(
    'click(e7)',
  );
  expect(actionOf(await plan({ query: 'Click Buy in the second card', ...artifacts, interactiveTree: tree }))).toBe(
    'click(e8)',
  );
});
