import { expect, test } from '@playwright/test';
import { ariaTemplate } from './aria-template';

test('refs, focus and pointer hints go; unnamed generics give way to their children; inline text stays as text', () => {
  const ai = [
    '- generic [ref=e1]:',
    '  - main [ref=e2]:',
    '    - heading "Sign up" [level=1] [ref=e3]',
    '    - generic [ref=e4]:',
    '      - generic [ref=e5]:',
    '        - text: Name',
    '        - textbox "Name" [active] [ref=e6]: Ada',
    '      - button "Save" [ref=e7] [cursor=pointer]',
    '    - generic [ref=e8]: plain text',
    '    - link "Home" [ref=e9] [cursor=pointer]:',
    '      - /url: /',
  ].join('\n');
  expect(ariaTemplate(ai)).toBe(
    [
      '- main:',
      '  - heading "Sign up" [level=1]',
      '  - text: Name',
      '  - textbox "Name": Ada',
      '  - button "Save"',
      '  - text: plain text',
      '  - link "Home":',
      '    - /url: /',
    ].join('\n'),
  );
});

test('masked passwords and redacted secrets are not compared; dates and times match any; frames are not entered', () => {
  const ai = [
    '- textbox "Password" [ref=e2]: ••••••••',
    '- textbox "Token" [ref=e3]: <secret>API_TOKEN</secret>',
    '- paragraph [ref=e4]: Saved at 10:42 on 2026-11-23 (v1.2)',
    '- iframe [ref=e5]:',
    '  - button "Inside" [ref=f1e1]',
    '- button "After" [ref=e6]',
  ].join('\n');
  expect(ariaTemplate(ai)).toBe(
    [
      '- textbox "Password"',
      '- textbox "Token"',
      '- paragraph: /Saved at [\\d/.:T+\\- ]+(?:\\s?[AaPp][Mm])? on [\\d/.:T+\\- ]+(?:\\s?[AaPp][Mm])? \\(v1\\.2\\)/',
      '- iframe',
      '- button "After"',
    ].join('\n'),
  );
});
