import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { $settings, refreshSettings } from "./settings-store";
import LoadError from "../shared/LoadError";
import OptionalPartsCard from "./OptionalPartsCard";
import SettingsForm from "./SettingsForm";

/** Settings: what is switched off and how to turn it on, then the dealer's settings (prices and dates, analytics, enquiry limits). */
export default function SettingsTab() {
  const { data, error } = useStore($settings);
  useEffect(() => {
    void refreshSettings();
  }, []);
  return (
    <div className="grid grid-cols-1 gap-4" data-testid="settings-tab">
      <LoadError what="the settings" error={error} />
      {data === null ? (
        !error && (
          <p className="text-walnut" role="status">
            Loading settings…
          </p>
        )
      ) : (
        <>
          <OptionalPartsCard features={data.features} />
          <SettingsForm settings={data.settings} />
        </>
      )}
    </div>
  );
}
