import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/** A short description of what has focus now: element, role and name, for failure messages. */
export function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "(page body)";
    const role = el.getAttribute("role");
    const labelledBy = el.getAttribute("aria-labelledby");
    const name =
      el.getAttribute("aria-label") ??
      (labelledBy ? document.getElementById(labelledBy.split(" ")[0])?.textContent : null) ??
      (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null) ??
      el.textContent ??
      "";
    const text = name.replace(/\s+/g, " ").trim().slice(0, 50);
    return `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ""}> "${text}"`;
  });
}

const hasFocus = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus. Fails, listing every stop focus
 * made on the way, when it is not reached within `max` presses: that list shows what the
 * keyboard can and cannot reach.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}) {
  await target.waitFor();
  const stops: string[] = [];
  let cycled = false;
  for (let i = 0; i <= max; i++) {
    if (await hasFocus(target)) return;
    if (i === max) break;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const stop = await focused(page);
    // Past the end focus wraps round: once the page has been gone through twice, it never comes.
    if (stops.includes(stop) && stop === "(page body)") {
      if (cycled) break;
      cycled = true;
    }
    stops.push(stop);
  }
  // Shown up to the second time round the page body: one whole lap.
  const lap = cycled
    ? stops.slice(0, stops.indexOf("(page body)", stops.indexOf("(page body)") + 1) + 1)
    : stops;
  const where = cycled ? " (focus went round the whole page)" : ` in ${max} presses`;
  throw new Error(
    `${back ? "Shift+Tab" : "Tab"} never reached ${target}${where}. Focus went:\n  ${lap.join("\n  ")}`,
  );
}

export async function expectFocused(page: Page, target: Locator) {
  if (!(await hasFocus(target)))
    throw new Error(`expected focus on ${target}, it is on ${await focused(page)}`);
}

/**
 * The focused element shows where focus is: Mantine's focus ring (an outline, :focus-visible) on
 * buttons and links, or on inputs, which have no outline, a border in the primary colour. It must
 * also be on screen.
 */
export async function expectVisibleFocus(page: Page, what: string) {
  // Inputs fade their border in (a 100 ms transition): read the style once it has arrived.
  await page.waitForFunction(() =>
    (document.activeElement?.getAnimations() ?? []).every((a) => a.playState !== "running"),
  );
  const seen = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { ok: false, detail: "nothing has focus" };
    const cs = getComputedStyle(el);
    const transparent = (c: string) => c === "transparent" || /rgba\(.*,\s*0\)$/.test(c);
    const outline =
      cs.outlineStyle !== "none" && Number.parseFloat(cs.outlineWidth) >= 1 && !transparent(cs.outlineColor);
    const probe = document.createElement("span");
    probe.style.color = "var(--mantine-primary-color-filled)";
    document.body.append(probe);
    const primary = getComputedStyle(probe).color;
    probe.remove();
    const border = Number.parseFloat(cs.borderTopWidth) >= 1 && cs.borderTopColor === primary;
    const shadow = cs.boxShadow !== "none";
    const r = el.getBoundingClientRect();
    const onScreen =
      r.width > 0 &&
      r.height > 0 &&
      r.bottom > 0 &&
      r.right > 0 &&
      r.top < innerHeight &&
      r.left < innerWidth;
    return {
      ok: el.matches(":focus-visible") && (outline || border || shadow) && onScreen,
      detail: `focus-visible ${el.matches(":focus-visible")}, outline ${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor}, border ${cs.borderTopColor} (primary ${primary}), box-shadow ${cs.boxShadow}, on screen ${onScreen}`,
    };
  });
  expect(seen.ok, `focus is not visible on ${what} (${await focused(page)}): ${seen.detail}`).toBe(true);
}

/**
 * A Mantine Select by keyboard only: the focused combobox opens with ArrowDown, the arrows move
 * through the options (the highlighted one is the input's aria-activedescendant) and Enter picks.
 */
export async function chooseByKeyboard(page: Page, combobox: Locator, option: string) {
  await expectFocused(page, combobox);
  await page.keyboard.press("ArrowDown");
  await page.getByRole("option", { name: option, exact: true }).waitFor();
  const seen: string[] = [];
  for (let i = 0; i < 30; i++) {
    const id = await combobox.getAttribute("aria-activedescendant");
    const highlighted = id ? (await page.locator(`[id="${id}"]`).textContent())?.trim() : undefined;
    if (highlighted === option) {
      await page.keyboard.press("Enter");
      await expect.poll(() => combobox.inputValue()).toBe(option);
      return;
    }
    seen.push(highlighted ?? "(none highlighted)");
    await page.keyboard.press("ArrowDown");
  }
  throw new Error(`ArrowDown never highlighted "${option}"; it went through: ${seen.join(", ")}`);
}
