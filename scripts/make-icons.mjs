// Renders the brand SVGs to the PNG icons the web manifest needs (192, 512 and a
// maskable 512 with a safe-zone margin). Run once after changing a logo; the PNGs are committed.
import { chromium } from '@playwright/test';
import { readFile } from 'node:fs/promises';

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
for (const brand of ['frutas', 'eventos']) {
  const svg = await readFile(new URL(`../public/brand/${brand}.svg`, import.meta.url), 'utf8');
  const background = /fill="(#[0-9a-f]{6})"/i.exec(svg)[1];
  for (const [name, size, maskable] of [[`${brand}-192.png`, 192, false], [`${brand}-512.png`, 512, false], [`${brand}-maskable-512.png`, 512, true]]) {
    const inset = maskable ? size * 0.1 : 0;
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<body style="margin:0;background:${maskable ? background : 'transparent'}"><div style="padding:${inset}px">${svg.replace('<svg ', `<svg width="${size - inset * 2}" height="${size - inset * 2}" `)}</div></body>`);
    await page.screenshot({ path: new URL(`../public/icons/${name}`, import.meta.url).pathname, omitBackground: !maskable });
  }
}
await browser.close();
