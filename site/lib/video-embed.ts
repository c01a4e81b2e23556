/** Videos the site plays itself: YouTube and Vimeo, through their privacy-enhanced players, only once a visitor asks. */

/** A video of a provider the site plays: its id (and Vimeo's hash of an unlisted video). */
export type VideoRef = { provider: "youtube" | "vimeo"; id: string; hash?: string };

/** The origins of the players' frames: the only frames the site's Content-Security-Policy allows besides Turnstile's. */
export const VIDEO_FRAME_ORIGINS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"] as const;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,20}$/;
const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "www.youtube-nocookie.com",
  "youtube-nocookie.com",
]);
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com", "player.vimeo.com"]);

/** The YouTube or Vimeo video a link names (watch, short, embed and player addresses); null for any other link. */
export function parseVideoUrl(address: string): VideoRef | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split("/").filter(Boolean);
  if (host === "youtu.be" || YOUTUBE_HOSTS.has(host)) {
    const id =
      host === "youtu.be"
        ? parts[0]
        : parts[0] === "watch"
          ? url.searchParams.get("v")
          : ["embed", "shorts", "live", "v"].includes(parts[0] ?? "")
            ? parts[1]
            : undefined;
    return id && YOUTUBE_ID.test(id) ? { provider: "youtube", id } : null;
  }
  if (VIMEO_HOSTS.has(host)) {
    // vimeo.com/{id}[/{hash}], player.vimeo.com/video/{id}?h={hash}, vimeo.com/channels/{name}/{id}, .../videos/{id}
    const at = parts.findIndex((part) => VIMEO_ID.test(part));
    const id = parts[at];
    if (at < 0 || !id) return null;
    const hash = url.searchParams.get("h") ?? parts[at + 1];
    return hash && VIMEO_HASH.test(hash) ? { provider: "vimeo", id, hash } : { provider: "vimeo", id };
  }
  return null;
}

/** The privacy-enhanced player's address, started at once (the visitor asked for it): youtube-nocookie.com, Vimeo with dnt. */
export function videoPlayerUrl(video: VideoRef): string {
  if (video.provider === "youtube") return `https://www.youtube-nocookie.com/embed/${video.id}?autoplay=1`;
  return `https://player.vimeo.com/video/${video.id}?dnt=1&autoplay=1${video.hash ? `&h=${video.hash}` : ""}`;
}

/** The video's own page, for the link a visitor without JavaScript follows. */
export function videoPageUrl(video: VideoRef): string {
  if (video.provider === "youtube") return `https://www.youtube.com/watch?v=${video.id}`;
  return `https://vimeo.com/${video.id}${video.hash ? `/${video.hash}` : ""}`;
}

/** The provider's name as the player's label shows it. */
export function providerName(video: VideoRef): string {
  return video.provider === "youtube" ? "YouTube" : "Vimeo";
}

/** A video reference from a facade's data attributes, checked again (the only values a player address is built from). */
export function videoFromAttributes(provider: string | null, id: string | null, hash: string | null): VideoRef | null {
  if (provider === "youtube" && id && YOUTUBE_ID.test(id)) return { provider, id };
  if (provider === "vimeo" && id && VIMEO_ID.test(id)) return hash && VIMEO_HASH.test(hash) ? { provider, id, hash } : { provider, id };
  return null;
}
