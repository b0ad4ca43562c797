import { chromium } from 'playwright';
import { readFileSync } from 'node:fs';
const src = readFileSync('/work/main/src/main/browser/page-stamp.ts', 'utf8').match(/const PAGE_STAMP = `([\s\S]*?)`;/)[1];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
await page.route(/^(?!file:)/, r => r.abort());
for (const name of process.argv.slice(2)) {
  await page.goto(`file:///work/shared/real-pages/${name}.html`, { waitUntil: 'domcontentloaded' });
  await page.waitForTimeout(300);
  const frames = page.frames();
  const stamps = async () => Promise.all(frames.map(f => f.evaluate(`(${src})()`).catch(e => 'ERR ' + e.message.slice(0, 40))));
  const a = await stamps(); await page.waitForTimeout(200); const b = await stamps();
  console.log(name, 'frames', frames.length, frames.map(f => f.url().slice(0, 40)).join(' | '));
  console.log('  ', a.map((s, i) => s === b[i] ? 'same' : `${String(s).split(' ')[0]}->${String(b[i]).split(' ')[0]}`).join(', '));
}
await browser.close();
