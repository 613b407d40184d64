import { afterAll, afterEach } from "vitest";
import { takePageErrors } from "./harness";

/**
 * Every browser test fails on an uncaught page error (issue 30): whatever the test checked, an
 * exception nobody caught, or an error React had to recover from, is a fault a person's console
 * shows. Errors that happen outside any test (a page opened in beforeAll) fail the file's end.
 */
function failOnPageErrors(when: string) {
  const errors = takePageErrors();
  if (errors.length)
    throw new Error(`${errors.length} uncaught page error(s) ${when}:\n${errors.join("\n\n")}`);
}

afterEach(() => failOnPageErrors("during this test"));
afterAll(() => failOnPageErrors("outside the tests"));
