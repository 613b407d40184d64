import { renderScreen } from "@client/test/render";
import { Button } from "@mantine/core";
import { IconInbox } from "@tabler/icons-react";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EmptyState } from "./empty-state";

describe("EmptyState", () => {
  it("shows the icon, the title, the description and the action", () => {
    const { container } = renderScreen(
      <EmptyState
        icon={IconInbox}
        title="No pending proposals"
        description="They appear here."
        action={<Button>Do something</Button>}
      />,
    );
    expect(screen.getByText("No pending proposals")).toBeInTheDocument();
    expect(screen.getByText("They appear here.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Do something" })).toBeInTheDocument();
    // The icon is decoration: hidden from screen readers.
    expect(container.querySelector("[data-empty-state] svg")).toHaveAttribute("aria-hidden", "true");
    expect(container.querySelector(".mantine-Paper-root [data-empty-state]")).not.toBeNull();
  });

  it("draws no frame of its own inside another, and leaves out what it is not given", () => {
    const { container } = renderScreen(<EmptyState icon={IconInbox} title="No groups yet." framed={false} />);
    expect(screen.getByText("No groups yet.")).toBeInTheDocument();
    expect(container.querySelector(".mantine-Paper-root")).toBeNull();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(container.querySelector(".mantine-EmptyState-description")).toBeNull();
  });
});
