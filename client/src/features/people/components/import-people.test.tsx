import { renderScreen, testUser } from "@client/test/render";
import { MSG } from "@shared/messages";
import type { ImportResult } from "@shared/schemas/accounts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ImportPeople } from "./import-people";

const me = testUser({ role: "committee", name: "Katherine Johnson", studentId: null });

/** XMLHttpRequest as the import uses it: records what was sent, reports progress, answers. */
function fakeXhr(answer: (url: string) => { status: number; body: unknown }) {
  const sent: { url: string; file: File | null }[] = [];
  class FakeXhr {
    status = 0;
    responseText = "";
    withCredentials = false;
    upload: { onprogress?: (e: ProgressEvent) => void; onload?: () => void } = {};
    onload?: () => void;
    onerror?: () => void;
    private url = "";
    open(_method: string, url: string) {
      this.url = url;
    }
    send(form: FormData) {
      sent.push({ url: this.url, file: form.get("file") as File | null });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
        this.upload.onload?.();
        const res = answer(this.url);
        this.status = res.status;
        this.responseText = JSON.stringify(res.body);
        this.onload?.();
      }, 10);
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

const row = (line: number, status: "new" | "exists" | "error", message: string, name = `Person ${line}`) => ({
  line,
  status,
  message,
  name,
  email: `p${line}@uni.example`,
  studentId: `S-${line}`,
});
const result = (rows: ReturnType<typeof row>[], imported = false): ImportResult => ({
  rows,
  imported,
  counts: {
    new: rows.filter((r) => r.status === "new").length,
    exists: rows.filter((r) => r.status === "exists").length,
    error: rows.filter((r) => r.status === "error").length,
  },
});

async function chooseAndCheck(user: ReturnType<typeof userEvent.setup>) {
  const file = new File(["name,email,studentId\n"], "students.csv", { type: "text/csv" });
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, file);
  await user.click(screen.getByRole("button", { name: "Check file" }));
  return file;
}

describe("Import", () => {
  it("checks the file first, shows every row with its result, then imports the new ones", async () => {
    const rows = [row(2, "new", MSG.importRowNew), row(3, "exists", MSG.importRowExists(), "Known Person")];
    const sent = fakeXhr((url) => ({
      status: 200,
      body: result(rows, url.includes("dryRun=false")),
    }));
    renderScreen(<ImportPeople userRole="student" onRoleChange={() => {}} />, { user: me });
    const user = userEvent.setup();
    expect(screen.getByRole("button", { name: "Check file" })).toBeDisabled();
    const file = await chooseAndCheck(user);
    const table = await screen.findByRole("table", { name: "Rows of the file of students" });
    expect(within(table).getByRole("row", { name: /Known Person/ })).toHaveTextContent(MSG.importRowExists());
    expect(screen.getByText("1 new")).toBeInTheDocument();
    expect(screen.getByText("1 skipped")).toBeInTheDocument();
    expect(sent[0]).toEqual({ url: "/api/users/import?role=student&dryRun=true", file });
    await user.click(screen.getByRole("button", { name: "Import 1 person" }));
    expect(
      await screen.findByText(/1 person was imported and sent a link to set a password/),
    ).toBeInTheDocument();
    expect(sent[1].url).toBe("/api/users/import?role=student&dryRun=false");
    expect(screen.getByRole("link", { name: "Open All Students" })).toHaveAttribute(
      "href",
      "/committee/all-students",
    );
  });

  it("shows the errors first and will not import a file with errors", async () => {
    const rows = [row(2, "new", MSG.importRowNew), row(3, "error", MSG.emailInvalid, "Broken Row")];
    fakeXhr(() => ({ status: 200, body: result(rows) }));
    renderScreen(<ImportPeople userRole="student" onRoleChange={() => {}} />, { user: me });
    const user = userEvent.setup();
    await chooseAndCheck(user);
    const table = await screen.findByRole("table");
    expect(within(table).getAllByRole("row")).toHaveLength(2); // the header and the one error
    expect(within(table).getByRole("row", { name: /Broken Row/ })).toHaveTextContent(MSG.emailInvalid);
    expect(screen.getByText(MSG.importCheckHasErrors(1))).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Import 1 person" })).toBeDisabled();
    await user.click(screen.getByRole("radio", { name: "All (2)" }));
    expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(3);
  });

  it("says why a whole file was refused (a bad header)", async () => {
    fakeXhr(() => ({
      status: 400,
      body: {
        error: {
          code: "VALIDATION",
          message: MSG.importHeader("name,email,studentId"),
          fields: { file: MSG.importHeader("name,email,studentId") },
        },
      },
    }));
    renderScreen(<ImportPeople userRole="student" onRoleChange={() => {}} />, { user: me });
    const user = userEvent.setup();
    await chooseAndCheck(user);
    expect(await screen.findByRole("alert")).toHaveTextContent(MSG.importHeader("name,email,studentId"));
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("asks teachers' files for name,email", () => {
    fakeXhr(() => ({ status: 200, body: result([]) }));
    renderScreen(<ImportPeople userRole="supervisor" onRoleChange={() => {}} />, { user: me });
    expect(screen.getAllByText("name,email").length).toBeGreaterThan(0);
  });
});
