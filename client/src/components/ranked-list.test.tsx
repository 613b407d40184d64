import { renderScreen } from "@client/test/render";
import { MSG } from "@shared/messages";
import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type RankedItem, RankedList } from "./ranked-list";
import { layOutRankedRows } from "./ranked-list.test-support";

const ITEMS: RankedItem[] = [
  { id: "a", label: "Alpha" },
  { id: "b", label: "Beta" },
  { id: "c", label: "Gamma" },
];

function Harness({ onChange }: { onChange?: (ids: string[]) => void }) {
  const [items, setItems] = useState(ITEMS);
  return (
    <RankedList
      items={items}
      label="Your ranked topics"
      noun="topic"
      onChange={(ids) => {
        setItems(ids.map((id) => items.find((i) => i.id === id)!));
        onChange?.(ids);
      }}
      onRemove={(id) => setItems(items.filter((i) => i.id !== id))}
    />
  );
}

const order = () =>
  within(screen.getByRole("list", { name: "Your ranked topics" }))
    .getAllByRole("listitem")
    .map((li) => li.getAttribute("data-rank-id"));

let restore: () => void;
beforeEach(() => {
  restore = layOutRankedRows();
});
afterEach(() => restore());

describe("RankedList", () => {
  it("moves an item by keyboard drag and drop: space picks it up, arrow down, space drops; said in words", async () => {
    const changed = vi.fn();
    renderScreen(<Harness onChange={changed} />);
    const handle = screen.getByRole("button", { name: "Drag Alpha, rank 1 of 3" });
    handle.focus();
    fireEvent.keyDown(handle, { key: " ", code: "Space" });
    await act(async () => {});
    expect(await screen.findByText(MSG.dragPickedUp("Alpha", 1, 3))).toBeInTheDocument();
    fireEvent.keyDown(document.activeElement!, { key: "ArrowDown", code: "ArrowDown" });
    await act(async () => {});
    expect(await screen.findByText(MSG.dragOver("Alpha", 2, 3))).toBeInTheDocument();
    fireEvent.keyDown(document.activeElement!, { key: " ", code: "Space" });
    await act(async () => {});
    expect(changed).toHaveBeenCalledWith(["b", "a", "c"]);
    expect(order()).toEqual(["b", "a", "c"]);
    expect(await screen.findByText(MSG.dragDropped("Alpha", 2, 3))).toBeInTheDocument();
  });

  it("escape cancels a keyboard drag: nothing moves and the cancellation is said", async () => {
    const changed = vi.fn();
    renderScreen(<Harness onChange={changed} />);
    const handle = screen.getByRole("button", { name: "Drag Beta, rank 2 of 3" });
    handle.focus();
    fireEvent.keyDown(handle, { key: "Enter", code: "Enter" });
    await act(async () => {});
    fireEvent.keyDown(document.activeElement!, { key: "ArrowDown", code: "ArrowDown" });
    await act(async () => {});
    fireEvent.keyDown(document.activeElement!, { key: "Escape", code: "Escape" });
    await act(async () => {});
    expect(changed).not.toHaveBeenCalled();
    expect(order()).toEqual(["a", "b", "c"]);
    expect(await screen.findByText(MSG.dragCancelled("Beta", 2, 3))).toBeInTheDocument();
  });

  it("Move up, Move down and Remove do what a drag does, one click each, keeping the focus on the row", async () => {
    const user = userEvent.setup();
    renderScreen(<Harness />);
    expect(screen.getByRole("button", { name: "Move Alpha up" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Move Gamma down" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Move Gamma up" }));
    expect(order()).toEqual(["a", "c", "b"]);
    expect(screen.getByText(MSG.rankMoved("Gamma", 2, 3))).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Move Gamma up" })).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Move Alpha down" }));
    expect(order()).toEqual(["c", "a", "b"]);
    expect(screen.getByRole("button", { name: "Move Alpha down" })).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Remove Alpha" }));
    expect(order()).toEqual(["c", "b"]);
    expect(screen.getByText(MSG.rankRemoved("Alpha"))).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remove Beta" })).toHaveFocus();
    expect(screen.getAllByLabelText(/^Rank \d$/).map((b) => b.textContent)).toEqual(["1", "2"]);
  });

  it("shows the ranks only, without handles or buttons, when disabled", () => {
    renderScreen(<RankedList items={ITEMS} label="Frozen" noun="topic" onChange={() => {}} disabled />);
    expect(screen.queryByRole("button")).toBeNull();
    expect(within(screen.getByRole("list", { name: "Frozen" })).getAllByRole("listitem")).toHaveLength(3);
  });
});
