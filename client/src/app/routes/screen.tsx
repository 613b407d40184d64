import { PageHeader } from "@client/components/page-header";
import { TermSelect, useTermParam } from "@client/components/term-select";
import { ScreenNameProvider } from "@client/lib/back";
import type { ComponentType } from "react";

interface Header {
  title: string;
  /** What the screen is for, under its title. */
  description: string;
}

/**
 * A signed-in screen: its header (which also names the browser tab) over the feature that fills
 * it; a page opened from it says "Back to {title}".
 */
export const screen = (header: Header, Body: ComponentType) =>
  function Screen() {
    return (
      <ScreenNameProvider name={header.title}>
        <PageHeader {...header} />
        <Body />
      </ScreenNameProvider>
    );
  };

/**
 * A screen of one term: the header offers the term (kept in the address, `?term=`) and the feature
 * shows that term (undefined: the current one).
 */
export function TermScreen({
  title,
  description,
  body: Body,
}: Header & { body: ComponentType<{ termId?: string }> }) {
  const termId = useTermParam();
  return (
    <ScreenNameProvider name={title}>
      <PageHeader title={title} description={description} actions={<TermSelect />} />
      <Body termId={termId} />
    </ScreenNameProvider>
  );
}
