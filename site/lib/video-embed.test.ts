import { describe, expect, it } from "vitest";
import { parseVideoUrl, videoFromAttributes, videoPageUrl, videoPlayerUrl } from "./video-embed";

describe("videos the site plays", () => {
  it("recognises YouTube's watch, short, embed, live and youtu.be addresses", () => {
    const id = "dQw4w9WgXcQ";
    for (const url of [
      `https://www.youtube.com/watch?v=${id}&t=42s`,
      `https://m.youtube.com/watch?v=${id}`,
      `https://youtu.be/${id}?si=abc`,
      `https://www.youtube.com/embed/${id}`,
      `https://www.youtube.com/shorts/${id}`,
      `https://www.youtube.com/live/${id}`,
      `https://www.youtube-nocookie.com/embed/${id}`,
      `http://youtube.com/watch?v=${id}`,
    ])
      expect(parseVideoUrl(url), url).toEqual({ provider: "youtube", id });
  });

  it("recognises Vimeo's video, unlisted, channel and player addresses", () => {
    expect(parseVideoUrl("https://vimeo.com/76979871")).toEqual({ provider: "vimeo", id: "76979871" });
    expect(parseVideoUrl("https://vimeo.com/76979871/8b1e2c3d4f")).toEqual({ provider: "vimeo", id: "76979871", hash: "8b1e2c3d4f" });
    expect(parseVideoUrl("https://vimeo.com/channels/staffpicks/76979871")).toEqual({ provider: "vimeo", id: "76979871" });
    expect(parseVideoUrl("https://player.vimeo.com/video/76979871?h=8b1e2c3d4f")).toEqual({
      provider: "vimeo",
      id: "76979871",
      hash: "8b1e2c3d4f",
    });
  });

  it("refuses anything else: other hosts, look-alike hosts, malformed ids, other schemes", () => {
    for (const url of [
      "https://example.com/watch?v=dQw4w9WgXcQ",
      "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
      "https://www.youtube.com/watch?v=short",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ%22onload",
      "https://www.youtube.com/channel/UC123",
      "https://vimeo.com/about",
      "javascript://youtube.com/watch?v=dQw4w9WgXcQ",
      "not a url",
    ])
      expect(parseVideoUrl(url), url).toBeNull();
  });

  it("plays through the privacy-enhanced players, and links to the video's own page", () => {
    expect(videoPlayerUrl({ provider: "youtube", id: "dQw4w9WgXcQ" })).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1",
    );
    expect(videoPlayerUrl({ provider: "vimeo", id: "76979871", hash: "8b1e2c3d4f" })).toBe(
      "https://player.vimeo.com/video/76979871?dnt=1&autoplay=1&h=8b1e2c3d4f",
    );
    expect(videoPageUrl({ provider: "youtube", id: "dQw4w9WgXcQ" })).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(videoPageUrl({ provider: "vimeo", id: "76979871" })).toBe("https://vimeo.com/76979871");
  });

  it("takes a player's data attributes only as a well-formed id of a known provider", () => {
    expect(videoFromAttributes("youtube", "dQw4w9WgXcQ", null)).toEqual({ provider: "youtube", id: "dQw4w9WgXcQ" });
    expect(videoFromAttributes("vimeo", "76979871", "zz")).toEqual({ provider: "vimeo", id: "76979871" });
    expect(videoFromAttributes("youtube", "dQw4w9WgXcQ/../x", null)).toBeNull();
    expect(videoFromAttributes("dailymotion", "x7tgad0", null)).toBeNull();
  });
});
