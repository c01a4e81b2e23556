import { describe, expect, it } from "vitest";
import { hideHookUrl } from "./rebuild";

describe("hideHookUrl", () => {
  const url = "https://api.builds.example.com/v1/hooks/deploy/abc123secret?token=t0ken";

  it("replaces the hook URL and each part that could carry its secret", () => {
    expect(hideHookUrl(`Fetch API cannot load: ${url}`, url)).toBe("Fetch API cannot load: <DEPLOY_HOOK_URL>");
    expect(hideHookUrl("POST api.builds.example.com/v1/hooks/deploy/abc123secret?token=t0ken timed out", url)).toBe(
      "POST <DEPLOY_HOOK_URL> timed out",
    );
    expect(hideHookUrl("no route for /v1/hooks/deploy/abc123secret", url)).toBe("no route for <DEPLOY_HOOK_URL>");
    expect(hideHookUrl("bad query token=t0ken", url)).toBe("bad query <DEPLOY_HOOK_URL>");
  });

  it("replaces any other URL too, and a hook value that is no URL at all", () => {
    expect(hideHookUrl("redirected to https://elsewhere.example/x?y=1 and failed", url)).toBe("redirected to <DEPLOY_HOOK_URL> and failed");
    expect(hideHookUrl("Invalid URL: my-secret-hook", "my-secret-hook")).toBe("Invalid URL: <DEPLOY_HOOK_URL>");
  });

  it("leaves a message without the URL as it is", () => {
    expect(hideHookUrl("Network connection lost.", url)).toBe("Network connection lost.");
    expect(hideHookUrl("The operation was aborted due to timeout", "https://hooks.example.com/")).toBe(
      "The operation was aborted due to timeout",
    );
  });
});
