import { type ComponentType, lazy } from "react";
import type { RouteObject } from "react-router";

export type Load = () => Promise<{ default: ComponentType }>;

/**
 * Each page is its own chunk (React.lazy): a role's screens load only when someone of that role
 * opens them, and the first visit carries no signed-in screen (decision 0061).
 */
export const page = (load: Load): Pick<RouteObject, "element"> => {
  const Page = lazy(load);
  return { element: <Page /> };
};

/** Pages by their path. */
export const pages = (byPath: Record<string, Load>): RouteObject[] =>
  Object.entries(byPath).map(([path, load]) => ({ path, ...page(load) }));
