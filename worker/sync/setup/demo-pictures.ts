import { DEMO_IMAGES_FOLDER } from "#workspace/demo/images";
import type { DemoImageBytes } from "#workspace/setup/uploads";
import { SetupError } from "#workspace/setup/setup-error";
import type { StepMeter } from "../../lib/step-meter";

/**
 * The demo's pictures as the site publishes them (`/demo-images/<name>`, from the site's static files through the ASSETS
 * binding): each fetch counted as one of the step's subrequests.
 */
export function demoPictures(assets: Fetcher, meter: Pick<StepMeter, "used">): DemoImageBytes {
  return async (name) => {
    meter.used += 1;
    const res = await assets.fetch(new Request(`https://assets.invalid/${DEMO_IMAGES_FOLDER}/${encodeURIComponent(name)}`));
    if (!res.ok) {
      await res.body?.cancel();
      throw new SetupError(
        `The demo's picture ${name} is not among the site's files (${res.status}): the site was built without them. Fix: deploy the site again (Workers Builds, or npm run deploy), then run setup again.`,
      );
    }
    return res.blob();
  };
}
