import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";

afterEach(() => cleanup());

// findBy… and waitFor wait up to 5 s, not 1 s: a screen's first render in a file loads its lazy
// code, which took longer than a second on a loaded two-core machine (a thesis page test failed so).
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks what Mantine measures with.
Object.defineProperty(window, "matchMedia", {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= () => {};
Object.defineProperty(window, "getComputedStyle", { value: window.getComputedStyle, writable: true });

// The toasts' code loads with the first toast (app/providers.tsx, decision 0061); loaded here once,
// so a screen's first toast appears as soon as it is shown rather than after a module transform.
await import("@client/app/toasts");

// jsdom has no FontFaceSet; Mantine's autosizing Textarea listens on it.
if (!("fonts" in document)) {
  Object.defineProperty(document, "fonts", {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

// The files of a worker share one document and the loaded modules (vitest.config.ts: isolate is
// off): each file starts on an empty page, without the toasts, the title or the scroll lock an
// earlier file left.
const { notifications } = await import("@mantine/notifications");
beforeAll(() => {
  notifications.clean();
  notifications.cleanQueue();
  document.body.innerHTML = "";
  for (const a of [...document.body.attributes]) document.body.removeAttribute(a.name);
  document.title = "";
});
