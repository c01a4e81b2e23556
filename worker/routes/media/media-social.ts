import { Hono } from "hono";
import type { AppEnv } from "../../app-env";
import { makeSocialCopy, socialKey } from "../../data/media-variants";
import { mediaKey } from "./media";
import { serveMediaFile } from "./serve-media-file";
import { copyOrOriginal } from "./media-variants";

/**
 * `GET|HEAD /media/og/{key}`: the social card copy of the synced file `key` (what an item page's `og:image` names): a
 * JPEG at most 1200 pixels wide, made through the Images binding on the first request and kept in R2, then served
 * like `/media`. A JPEG, PNG or GIF no larger than its copy is served as it is; a file the binding cannot read (an
 * SVG) is served as it is too (the site names no copy of one).
 */
const mediaSocial = new Hono<AppEnv>();

mediaSocial.on(["GET", "HEAD"], "/*", async (c) => {
  const rest = /^\/media\/og\/(.+)$/.exec(new URL(c.req.url).pathname)?.[1];
  return serveMediaFile(c, "/media/og/", rest ? mediaKey(`/media/${rest}`) : null, (key) =>
    copyOrOriginal(c.env, key, socialKey(key), (source) => makeSocialCopy(c.env.MEDIA, c.env.IMAGES, key, source)),
  );
});

export default mediaSocial;
