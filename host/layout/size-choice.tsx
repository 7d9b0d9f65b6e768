import { useStore } from '@nanostores/react';
import { t } from '../../src/i18n/translate.ts';
import { $settings, changeSetting, SIZES } from '../../src/stores/settings.ts';

/**
 * The size choice of the settings panel (spec §4): four radios and a preview of a button, a field
 * and a table. The choice applies to the whole page at once (the preview is drawn with the same
 * tokens), is kept in the settings and reaches every element of the page.
 */
export function SizeChoice() {
  const size = useStore($settings).size;
  return (
    <fieldset className="lp-settings-group">
      <legend>{t('host.settings.size')}</legend>
      <div className="lp-size-options">
        {SIZES.map((option) => (
          <label key={option} className="lp-size-option">
            <input
              type="radio"
              name="lp-size"
              value={option}
              checked={size === option}
              onChange={() => changeSetting('size', option)}
            />
            <span>{t(`host.settings.size.${option}`)}</span>
          </label>
        ))}
      </div>
      <section className="lp-size-preview" aria-label={t('host.settings.sizePreview')}>
        <div className="lp-size-preview__controls">
          <input
            className="lp-input"
            readOnly
            tabIndex={-1}
            aria-label={t('host.settings.sizePreview.input')}
            value="LP20261123001"
          />
          <span className="lp-button lp-button--primary" aria-hidden="true">
            {t('host.settings.sizePreview.button')}
          </span>
        </div>
        <table className="lp-size-preview__table">
          <thead>
            <tr>
              <th scope="col">{t('host.settings.sizePreview.input')}</th>
              <th scope="col">{t('host.settings.sizePreview.status')}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>LP20261123001</td>
              <td>{t('host.settings.sizePreview.delivered')}</td>
            </tr>
            <tr>
              <td>LP20261123002</td>
              <td>{t('host.settings.sizePreview.inTransit')}</td>
            </tr>
          </tbody>
        </table>
      </section>
    </fieldset>
  );
}
