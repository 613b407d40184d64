import { vi } from "vitest";

/**
 * jsdom lays nothing out: a chart's container is given a size so that recharts draws it (every
 * other element keeps jsdom's size of nothing). Undo with vi.restoreAllMocks().
 */
export function sizeCharts() {
  const measure = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
    if (!this.classList.contains("recharts-responsive-container")) return measure.call(this);
    return {
      width: 640,
      height: 300,
      top: 0,
      left: 0,
      right: 640,
      bottom: 300,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    };
  });
}
