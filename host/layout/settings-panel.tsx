import { useStore } from '@nanostores/react';
import { t } from '../../src/i18n/translate.ts';
import { $settings, changeSetting, resetSettings, type Settings } from '../../src/stores/settings.ts';
import { Button, Dialog } from '../../src/ui/index.ts';
import { LocaleSelect } from './locale-select.tsx';
import { SizeChoice } from './size-choice.tsx';

export const THEME_PRESETS = ['#0095A2', '#1677FF', '#13A8A8', '#52C41A', '#722ED1', '#EB2F96', '#FA541C'];

type Toggle = Exclude<keyof Settings, 'theme' | 'size'>;
const TOGGLES: Array<
  [Toggle, 'host.settings.tagsView' | 'host.settings.fixedHeader' | 'host.settings.sidebarLogo']
> = [
  ['tagsView', 'host.settings.tagsView'],
  ['fixedHeader', 'host.settings.fixedHeader'],
  ['sidebarLogo', 'host.settings.sidebarLogo'],
];

/** Settings panel (spec §2, §4): theme colour, size, language, tags view, fixed header, sidebar logo; persisted. */
export function SettingsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const settings = useStore($settings);
  return (
    <Dialog
      open={open}
      title={t('host.settings.title')}
      onClose={onClose}
      width={340}
      className="lp-settings-panel"
      footer={
        <Button onClick={resetSettings} guardMs={0}>
          {t('host.settings.reset')}
        </Button>
      }
    >
      <fieldset className="lp-settings-group">
        <legend>{t('host.settings.theme')}</legend>
        <div className="lp-theme-swatches">
          {THEME_PRESETS.map((colour) => (
            <button
              key={colour}
              type="button"
              className="lp-theme-swatch"
              data-colour={colour}
              aria-label={colour}
              aria-pressed={settings.theme.toLowerCase() === colour.toLowerCase()}
              onClick={() => changeSetting('theme', colour)}
            />
          ))}
          <input
            type="color"
            aria-label={t('host.settings.theme')}
            value={settings.theme}
            onChange={(e) => changeSetting('theme', e.target.value)}
          />
        </div>
      </fieldset>
      <SizeChoice />
      <LocaleSelect className="lp-settings-toggle lp-settings-locale" labelShown />
      {TOGGLES.map(([key, label]) => (
        <label key={key} className="lp-settings-toggle">
          <span>{t(label)}</span>
          <input
            type="checkbox"
            checked={settings[key]}
            onChange={(e) => changeSetting(key, e.target.checked)}
          />
        </label>
      ))}
    </Dialog>
  );
}
