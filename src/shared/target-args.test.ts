import { expect, test } from '@playwright/test';
import { targetValues, withTargets } from './target-args';

test('element arguments are read and replaced in every place a tool takes them; the rest stays as recorded', () => {
  const drag = { startElement: 'a', startTarget: 'e1', endElement: 'b', endTarget: 'e2' };
  expect(targetValues(drag)).toEqual(['e1', 'e2']);
  expect(withTargets(drag, value => value.replace('e', 'x'))).toEqual({
    startElement: 'a',
    startTarget: 'x1',
    endElement: 'b',
    endTarget: 'x2',
  });

  const form = {
    fields: [
      { name: 'Email', type: 'textbox', target: 'e5', value: 'a@b.c' },
      { name: 'Old', type: 'checkbox', ref: 'e6', value: 'true' },
    ],
  };
  expect(targetValues(form)).toEqual(['e5', 'e6']);
  expect(withTargets(form, value => `${value}!`)).toEqual({
    fields: [
      { name: 'Email', type: 'textbox', target: 'e5!', value: 'a@b.c' },
      { name: 'Old', type: 'checkbox', ref: 'e6!', value: 'true' },
    ],
  });
  expect(form.fields[0].target).toBe('e5');

  expect(targetValues({ url: 'http://x' })).toEqual([]);
  expect(targetValues({ element: 'Save', target: '#save', doubleClick: true })).toEqual(['#save']);
});
