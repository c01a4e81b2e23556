import { describe, expect, it } from "vitest";
import { unrecordedEnd } from "./run-ended";

describe("a sync run that ended without recording why", () => {
  it("never shows the workflow engine's own words, naming instead what happened and that the nightly sync runs again", () => {
    const engine = "The execution of the Workflow instance was terminated, as a step threw an NonRetryableError and it was not handled";
    expect(unrecordedEnd("errored", engine)).toBe(
      "The sync run ended before it could record why (the workflow engine stopped it; the worker's log names the step that failed). " +
        "The tables keep their previous rows. Fix: nothing to do: the nightly sync at 04:00 UTC runs again, or start a sync in the admin panel.",
    );
    expect(unrecordedEnd("errored", "Aborting engine: A step threw a NonRetryableError")).toBe(unrecordedEnd("errored"));
    expect(unrecordedEnd("unknown")).toMatch(/^The sync run was lost before it finished\. /);
  });

  it("keeps the run's own words when the engine kept them", () => {
    const ours =
      "Notion refused the integration's token (401 unauthorized: API token is invalid): the token is wrong or was revoked. Fix: …";
    expect(unrecordedEnd("errored", ours)).toBe(ours);
  });
});
