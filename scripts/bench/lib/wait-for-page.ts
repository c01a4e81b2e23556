/**
 * Polls `url` every `pollMs` until its body contains `text`, at most `limitMs`; returns the seconds since `since`
 * (a performance.now() value). Throws naming the page when the text never shows.
 */
export async function waitForPageText(url: string, text: string, since: number, { limitMs = 600_000, pollMs = 200 } = {}): Promise<number> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const body = await fetch(url).then(
      (res) => (res.ok ? res.text() : ""),
      () => "",
    );
    if (body.includes(text)) return (performance.now() - since) / 1000;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`${url} did not show "${text}" within ${limitMs / 1000} s`);
}
