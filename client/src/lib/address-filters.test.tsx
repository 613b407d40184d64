import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { lazy, type ReactElement, Suspense } from "react";
import { Link, MemoryRouter, Route, Routes, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { useFilterUpdate } from "./address-filters";

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="where">{pathname + search}</output>;
}

function List() {
  const update = useFilterUpdate<{ q: string; page: number }>();
  return (
    <>
      <Link to="/list/1">Open the entry</Link>
      <button type="button" onClick={() => update({ q: "tiling" })}>
        Search late
      </button>
    </>
  );
}

describe("useFilterUpdate", () => {
  it("writes the filter into the address", async () => {
    render(
      <MemoryRouter initialEntries={["/list?page=3"]}>
        <Routes>
          <Route path="/list" element={<List />} />
        </Routes>
        <Where />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Search late" }));
    expect(screen.getByRole("status", { name: "where" })).toHaveTextContent("/list?q=tiling");
  });

  it("does not take the visitor back to the list when a late search lands while their link loads", async () => {
    let loaded!: (m: { default: () => ReactElement }) => void;
    const Entry = lazy(() => new Promise<{ default: () => ReactElement }>((r) => (loaded = r)));
    render(
      <MemoryRouter initialEntries={["/list"]}>
        <Suspense fallback={<p>Loading</p>}>
          <Routes>
            <Route path="/list" element={<List />} />
            <Route path="/list/1" element={<Entry />} />
          </Routes>
        </Suspense>
        <Where />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole("link", { name: "Open the entry" }));
    // The router keeps the list on screen while the entry's code loads; the search's debounce fires.
    await userEvent.click(screen.getByRole("button", { name: "Search late" }));
    await act(async () => loaded({ default: () => <h1>The entry</h1> }));
    expect(await screen.findByRole("heading", { name: "The entry" })).toBeInTheDocument();
    expect(screen.getByRole("status", { name: "where" })).toHaveTextContent(/^\/list\/1$/);
  });
});
