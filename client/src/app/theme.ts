import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  luminance,
  type MantineColorsTuple,
} from "@mantine/core";

/**
 * WCAG 2.2 AA (1.4.3): text at least 4.5:1 against what it sits on. Mantine's default palette
 * falls short for several of its text uses (grey secondary text 3.3:1, white on the blue buttons
 * 4.3:1, orange and yellow "light" text 2.8–3.6:1, white on red 3.3:1), so the theme fixes each
 * use once, here, and no screen sets colours of its own to make up for it.
 */
const AA = 4.6;
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
};
/** `color`, darkened just enough to be read on `background`. */
function readable(color: string, background: string): string {
  let c = color;
  for (let step = 0; step < 20 && contrast(c, background) < AA; step++) c = darken(c, 0.05);
  return c;
}

export const theme = createTheme({
  primaryColor: "indigo",
  // Filled buttons, badges and the like use shade 8, and their text is black or white, whichever
  // reads better: white up to a background luminance of 0.18, where white falls below 4.5:1.
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  luminanceThreshold: 0.18,
  defaultRadius: "md",
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontWeight: "700" },
  components: {
    // WCAG 1.4.1: a link inside text is told apart by more than its colour.
    Anchor: { defaultProps: { underline: "always" } },
    // Every close button has a name a screen reader can say.
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
    // A modal's header is not the page's banner: the page has one, in its own header.
    ModalHeader: { defaultProps: { component: "div" } },
    Drawer: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
    // A titled notification's text is Mantine's grey 6 (3.3:1): the theme's secondary text instead.
    Notification: {
      defaultProps: { closeButtonProps: { "aria-label": "Close notification" } },
      styles: { description: { color: "var(--mantine-color-dimmed)" } },
    },
  },
});

/**
 * The text colours of every palette colour, made readable: `c="red"` text and outline variants on
 * white, and the "light" variant's text on its tinted background (shade 1, shade 2 when hovered or
 * active); secondary text, placeholders and error messages too.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {
    "--mantine-color-dimmed": t.colors.gray[7],
    "--mantine-color-placeholder": readable(t.colors.gray[6], "#ffffff"),
    "--mantine-color-error": readable(t.colors.red[8], "#ffffff"),
  };
  for (const [name, shades] of Object.entries(t.colors as Record<string, MantineColorsTuple>)) {
    if (name === "dark" || name === "gray") continue;
    const text = readable(shades[8], "#ffffff");
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    light[`--mantine-color-${name}-light-color`] = readable(shades[9], shades[2]);
  }
  return { variables: {}, light, dark: {} };
};
