import { type Browser, test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

/**
 * A page's scripts load after its first paint (apps/api/src/plugins/page-scripts.ts), so a page is drawn,
 * and its `load` event may have fired, before React has taken over its buttons and forms. A person would
 * not notice; a journey types and clicks at once. Every page of these journeys waits, after each
 * navigation it starts (goto, reload, back, forward), until the app says it has hydrated
 * (`<html data-hydrated>`); a response that is not one of the app's pages waits for nothing.
 */
const instrumented = new WeakSet<Page>();
const hydrated = () =>
  !(window as unknown as { __reactRouterContext?: unknown }).__reactRouterContext ||
  document.documentElement.hasAttribute('data-hydrated');

function instrument(page: Page) {
  if (instrumented.has(page)) return;
  instrumented.add(page);
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const original = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const response = await original(...args);
      await page.waitForFunction(hydrated, undefined, { timeout: 15_000 });
      return response;
    };
  }
}

function instrumentBrowser(browser: Browser) {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    context.on('page', instrument);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args: Parameters<Browser['newPage']>) => {
    const page = await newPage(...args);
    instrument(page);
    return page;
  };
}

export const test = base.extend<object, { hydratedBrowser: undefined }>({
  hydratedBrowser: [
    async ({ browser }, use) => {
      instrumentBrowser(browser);
      await use(undefined);
    },
    { scope: 'worker', auto: true },
  ],
  context: async ({ context }, use) => {
    context.on('page', instrument);
    await use(context);
  },
  page: async ({ page }, use) => {
    instrument(page);
    await use(page);
  },
});
