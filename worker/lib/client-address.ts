/** The key sign-in throttling counts a client under, from its address (Cloudflare's `cf-connecting-ip`). */

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const HEXTET = /^[0-9a-f]{1,4}$/;
/** Longest key kept for an address that is neither IPv4 nor IPv6 (only seen locally, where anyone sets the header). */
const MAX_OTHER_LENGTH = 100;

/**
 * An IPv4 address as itself; an IPv6 address by its /64 prefix (`2001:db8:0:1::/64`), since one customer usually holds a
 * whole /64 and could rotate through it; an IPv4-mapped IPv6 address as its IPv4 address; anything else as given
 * (`local` without an address).
 */
export function clientKey(address: string | undefined): string {
  const text = address?.trim().toLowerCase() ?? "";
  if (!text) return "local";
  const v4 = ipv4(text);
  if (v4) return v4.join(".");
  const groups = ipv6Groups(text);
  if (!groups) return text.slice(0, MAX_OTHER_LENGTH);
  if (groups.slice(0, 6).join(",") === "0,0,0,0,0,65535")
    return groups
      .slice(6)
      .flatMap((g) => [g >> 8, g & 255])
      .join(".");
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/**
 * The IPv6 /48 an address lies in (`2001:db8:1::/48`: a site's whole network, as providers assign them), or null for an
 * IPv4 address (an IPv4-mapped one included) or anything else: enquiries count it beside the address's own key.
 */
export function networkKey(address: string | undefined): string | null {
  const groups = ipv6Groups(address?.trim().toLowerCase() ?? "");
  if (!groups || groups.slice(0, 6).join(",") === "0,0,0,0,0,65535") return null;
  return `${groups
    .slice(0, 3)
    .map((g) => g.toString(16))
    .join(":")}::/48`;
}

function ipv4(text: string): number[] | null {
  const match = IPV4.exec(text);
  if (!match) return null;
  const bytes = match.slice(1).map(Number);
  return bytes.every((b) => b <= 255) ? bytes : null;
}

/** The eight 16-bit groups of an IPv6 address (brackets, a zone and a dotted IPv4 tail allowed), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
  const tail = /:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (tail) {
    const bytes = ipv4(tail[0].slice(1));
    if (!bytes) return null;
    const [a = 0, b = 0, c = 0, d = 0] = bytes; // ipv4 gives four
    text = `${text.slice(0, tail.index)}:${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  const [before = "", after] = halves;
  const head = parse(before);
  const rest = after === undefined ? [] : parse(after);
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  if (!all.every((g) => HEXTET.test(g))) return null;
  return all.map((g) => parseInt(g, 16));
}
