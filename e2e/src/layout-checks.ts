import type { Page } from 'playwright-core';

/** The smallest phone the app is laid out for. */
export const SMALL_PHONE = { width: 320, height: 640 };

/**
 * The page is mounted in `language`, has its data and its Ionic components are drawn: no spinner,
 * and every Ionic element upgraded (before that an ion-button has no size to overflow with).
 */
export function settled(language: string): boolean {
  if (document.documentElement.lang !== language) return false;
  // The route's page is mounted (its code arrives after the shell): a heading outside the menu.
  const headings = document.querySelectorAll('ion-content h1, ion-content h2');
  let mounted = false;
  for (let index = 0; index < headings.length; index += 1) {
    if (!headings.item(index).closest('ion-menu')) mounted = true;
  }
  if (!mounted) return false;
  if (document.querySelector('ion-content ion-spinner')) return false;
  const ionic = document.querySelectorAll('ion-content *');
  for (let index = 0; index < ionic.length; index += 1) {
    const element = ionic.item(index);
    if (element.tagName.startsWith('ION-') && !element.classList.contains('hydrated')) return false;
  }
  return true;
}

/**
 * Elements reaching past the right edge of the screen (a page that scrolls sideways), and the top
 * bar's brand name running under the balance.
 */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const elements = document.querySelectorAll('body *');
    for (let index = 0; index < elements.length; index += 1) {
      const element = elements.item(index);
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= window.innerWidth + 1) continue;
      // Off-screen on purpose: the closed side menu, hidden overlays.
      if (element.closest('ion-menu, .ion-page-hidden, [aria-hidden="true"]')) continue;
      const text = (element.textContent ?? '').trim().slice(0, 30);
      found.push(`${element.tagName.toLowerCase()} "${text}" ends at ${Math.round(box.right)}px`);
    }
    const name = document.querySelector('.top-bar__name')?.getBoundingClientRect();
    const balance = document.querySelector('.top-bar .balance-badge')?.getBoundingClientRect();
    if (name && balance && name.right > balance.left + 1) {
      found.push(`the brand's name runs under the balance (${Math.round(name.right)}px)`);
    }
    return found;
  });
}

/** Issue 19 (WCAG 2.5.5, Apple's and Google's guidance): the smallest control a finger hits well. */
export const MIN_TOUCH_TARGET_PX = 44;

/**
 * Controls drawn smaller than MIN_TOUCH_TARGET_PX in either direction: buttons, links that are
 * not a word inside a sentence, list items that open something, check boxes, toggles and
 * segment buttons. The closed menu and hidden pages do not count.
 */
export function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate((minimum) => {
    const selector = [
      'button',
      'a[href]',
      '[role="button"]',
      'ion-button',
      'ion-menu-button',
      'ion-back-button',
      'ion-item[href]',
      'ion-item[button]',
      'ion-item.item-has-router-link',
      'ion-checkbox',
      'ion-toggle',
      'ion-radio',
      'ion-select',
      'ion-segment-button',
      'ion-chip',
      'ion-fab-button',
    ].join(', ');
    const controls = document.querySelectorAll(selector);
    const found: string[] = [];
    for (let index = 0; index < controls.length; index += 1) {
      const control = controls.item(index) as HTMLElement;
      if (control.closest('ion-menu, .ion-page-hidden, [aria-hidden="true"]')) continue;
      // A control inside another is hit through the outer one (a check box in its list item).
      if (control.parentElement?.closest(selector)) continue;
      const style = getComputedStyle(control);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // A link or button that is a few words of a sentence is exempt (WCAG 2.5.5's inline
      // exception).
      if (style.display === 'inline') continue;
      const box = control.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.width + 0.5 >= minimum && box.height + 0.5 >= minimum) continue;
      const name =
        control.getAttribute('aria-label') ??
        (control.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      found.push(
        `${control.tagName.toLowerCase()}${control.className ? `.${String(control.className).split(' ')[0]}` : ''} "${name}" is ${Math.round(box.width)}×${Math.round(box.height)}px`,
      );
    }
    return found;
  }, MIN_TOUCH_TARGET_PX);
}

/**
 * Label and value rows (a tariff's `dt`/`dd`) whose value's first line is not on the line of its
 * label's first line, by more than 2 px: a value pushed to the top beside a 44 px popover link.
 */
export function misalignedValues(page: Page, rows: string): Promise<string[]> {
  return page.locator(rows).evaluateAll((elements) => {
    const firstLineMiddle = (element: Element | null): number | null => {
      if (!element) return null;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const line = range.getClientRects()[0];
        if (line) return line.top + line.height / 2;
      }
      return null;
    };
    return elements.flatMap((row) => {
      const label = firstLineMiddle(row.firstElementChild);
      const value = firstLineMiddle(row.lastElementChild);
      if (label === null || value === null || Math.abs(label - value) <= 2) return [];
      const text = (row.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return [`"${text}": value ${Math.round(value - label)}px off its label's line`];
    });
  });
}
