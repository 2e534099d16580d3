import type { Query } from '@tanstack/react-query';

/**
 * Issue 19: marks the answer a page is about (a session's figures, pushed live), so the offline
 * note dates what the page shows, not what frames it and was read once as the page opened: the
 * balance in the top bar, the menu's permissions, whether the charger can pause.
 */
export const PAGE_CONTENT_META = { pageContent: true } as const;

export const isPageContent = (query: Pick<Query, 'meta'>): boolean =>
  query.meta?.pageContent === true;
