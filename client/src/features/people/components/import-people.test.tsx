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
    expect(sent[0].url).toBe("/api/users/import?role=student&dryRun=true");
    expect(await sent[0].file!.text()).toBe(await file.text());
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

  it("reads the file anew at each check: a file fixed on disk is checked as it is now, the old results cleared", async () => {
    // A browser with file handles (Chromium): the handle gives the file as it is on disk now.
    let onDisk = "name,email,studentId\nBroken,not-an-email,S-1\n";
    const picked = vi.fn(async () => [
      { getFile: async () => new File([onDisk], "students.csv", { type: "text/csv" }) },
    ]);
    vi.stubGlobal("showOpenFilePicker", picked);
    let answer = result([row(2, "error", MSG.emailInvalid, "Broken")]);
    const sent = fakeXhr(() => ({ status: 200, body: answer }));
    renderScreen(<ImportPeople userRole="student" onRoleChange={() => {}} />, { user: me });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /CSV file/ }));
    expect(picked).toHaveBeenCalledOnce();
    await user.click(await screen.findByRole("button", { name: "Check file" }));
    expect(await screen.findByText(MSG.importCheckHasErrors(1))).toBeInTheDocument();

    // Fixed in the file, checked again: the new bytes go, and the old results are gone at once.
    onDisk = "name,email,studentId\nFixed,fixed@uni.example,S-1\n";
    answer = result([row(2, "new", MSG.importRowNew, "Fixed")]);
    await user.click(screen.getByRole("button", { name: "Check file" }));
    expect(screen.queryByText(MSG.importCheckHasErrors(1))).not.toBeInTheDocument();
    expect(await screen.findByText("1 new")).toBeInTheDocument();
    expect(await sent[0].file!.text()).toContain("not-an-email");
    expect(await sent[1].file!.text()).toContain("fixed@uni.example");
    // Import sends the bytes that were checked, even if the file changes again meanwhile.
    onDisk = "name,email,studentId\nSomeone Else,else@uni.example,S-9\n";
    await user.click(screen.getByRole("button", { name: "Import 1 person" }));
    await screen.findByText(/1 person was imported/);
    expect(await sent[2].file!.text()).toContain("fixed@uni.example");
  });

  it("says so when a chosen file changed and cannot be read again, and asks for it again", async () => {
    const sent = fakeXhr(() => ({ status: 200, body: result([row(2, "error", MSG.emailInvalid)]) }));
    renderScreen(<ImportPeople userRole="student" onRoleChange={() => {}} />, { user: me });
    const user = userEvent.setup();
    const file = await chooseAndCheck(user);
    expect(await screen.findByText(MSG.importCheckHasErrors(1))).toBeInTheDocument();
    // As Chromium answers for a File whose file was edited on disk after it was chosen.
    file.arrayBuffer = () =>
      Promise.reject(new DOMException("The requested file could not be read.", "NotReadableError"));
    await user.click(screen.getByRole("button", { name: "Check file" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(MSG.importFileChanged);
    expect(screen.queryByText(MSG.importCheckHasErrors(1))).not.toBeInTheDocument();
    expect(screen.queryByText(MSG.cannotReachServer)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Check file" })).toBeDisabled();
    expect(sent).toHaveLength(1);
  });

  it("says one skipped person as one, and several as several", () => {
    expect(MSG.importSkipped(1)).toBe("1 already had an account and was skipped.");
    expect(MSG.importSkipped(3)).toBe("3 already had accounts and were skipped.");
  });

  it("tells after an import how many were skipped, in the singular for one", async () => {
    const rows = [row(2, "new", MSG.importRowNew), row(3, "exists", MSG.importRowExists(), "Known Person")];
    fakeXhr((url) => ({ status: 200, body: result(rows, url.includes("dryRun=false")) }));
    renderScreen(<ImportPeople userRole="student" onRoleChange={() => {}} />, { user: me });
    const user = userEvent.setup();
    await chooseAndCheck(user);
    await user.click(await screen.findByRole("button", { name: "Import 1 person" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "1 person was imported and sent a link to set a password. 1 already had an account and was skipped.",
    );
  });

  it("offers a template of the file to download, with the role's header", () => {
    fakeXhr(() => ({ status: 200, body: result([]) }));
    const { unmount } = renderScreen(<ImportPeople userRole="student" onRoleChange={() => {}} />, {
      user: me,
    });
    const link = screen.getByRole("link", { name: "Download a template" });
    expect(link).toHaveAttribute("download", "students-template.csv");
    expect(decodeURIComponent(link.getAttribute("href")!)).toBe(
      "data:text/csv;charset=utf-8,name,email,studentId\r\n",
    );
    unmount();
    renderScreen(<ImportPeople userRole="supervisor" onRoleChange={() => {}} />, { user: me });
    expect(screen.getByRole("link", { name: "Download a template" })).toHaveAttribute(
      "download",
      "teachers-template.csv",
    );
  });

  it("asks teachers' files for name,email", () => {
    fakeXhr(() => ({ status: 200, body: result([]) }));
    renderScreen(<ImportPeople userRole="supervisor" onRoleChange={() => {}} />, { user: me });
    expect(screen.getAllByText("name,email").length).toBeGreaterThan(0);
  });
});
