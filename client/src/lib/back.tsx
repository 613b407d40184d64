import { createContext, type ReactNode, useContext } from "react";
import { useLocation } from "react-router";

/** A "Back to …" link: where it leads and what it says. */
export interface BackLink {
  to: string;
  label: string;
}

const ScreenName = createContext<string | null>(null);

/** Names the screen for the links inside it, so a page they open can say "Back to {name}". */
export function ScreenNameProvider({ name, children }: { name: string; children: ReactNode }) {
  return <ScreenName.Provider value={name}>{children}</ScreenName.Provider>;
}

/**
 * The state a link to another page carries (react-router's location state, kept by the browser's
 * history across reloads): "Back" there returns here, to this address with its filters, named
 * after this screen. Outside a named screen: nothing, and the page falls back to its own default.
 */
export function useBackHere(): { back: BackLink } | undefined {
  const name = useContext(ScreenName);
  const { pathname, search } = useLocation();
  return name ? { back: { to: `${pathname}${search}`, label: `Back to ${name}` } } : undefined;
}

const isBackLink = (v: unknown): v is BackLink =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as BackLink).to === "string" &&
  (v as BackLink).to.startsWith("/") &&
  !(v as BackLink).to.startsWith("//") &&
  typeof (v as BackLink).label === "string";

/** Where this page's "Back" leads: the screen the person came from, else `fallback`. */
export function useBack(fallback: BackLink): BackLink {
  const state = useLocation().state as { back?: unknown } | null;
  return isBackLink(state?.back) ? state.back : fallback;
}
