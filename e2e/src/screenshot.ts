// Looks at a page as a driver would: `npm run screenshot --workspace e2e -- URL OUT.png [WIDTH HEIGHT]`.
// Prints the final address and anything the page logged, then saves a screenshot.
import { launchBrowser } from './browser.ts';

const [url, out, width = '390', height = '844'] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: screenshot URL OUT.png [WIDTH HEIGHT]');
  process.exit(2);
}
const browser = await launchBrowser();
try {
  const page = await browser.newPage({
    viewport: { width: Number(width), height: Number(height) },
  });
  page.on('console', (message) => console.log(`console ${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  console.log(page.url());
  await page.screenshot({ path: out, fullPage: true });
} finally {
  await browser.close();
}
