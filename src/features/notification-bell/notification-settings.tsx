import '../../i18n/areas/notification-bell.ts';
import { useEffect, useState } from 'react';
import { fieldMessagesOf } from '../../api/errors.ts';
import {
  notificationDefaults,
  notificationSettings,
  saveNotificationDefaults,
  saveNotificationSettings,
} from '../../api/notifications.ts';
import type { KindChannels, NotificationSettings } from '../../contract/notifications/schemas.ts';
import { useT } from '../../ui/use-t.ts';
import { toast } from '../../stores/notices.ts';
import { $locale } from '../../i18n/locale.ts';
import { Button, Dialog } from '../../ui/index.ts';
import { SelectField, TextField } from '../../ui/form/index.ts';

type Channel = 'portal' | 'email' | 'digest';

/** Each kind's channels as a table of check boxes (the user's own, or the customer's defaults). */
function ChannelTable({
  kinds,
  onChange,
  caption,
}: {
  kinds: KindChannels[];
  onChange: (kinds: KindChannels[]) => void;
  caption: string;
}) {
  const t = useT();
  const set = (kind: KindChannels['kind'], channel: Channel, on: boolean) =>
    onChange(
      kinds.map((k) =>
        k.kind !== kind
          ? k
          : { ...k, [channel]: on, ...(channel === 'email' && !on ? { digest: false } : {}) },
      ),
    );
  const columns: Array<[Channel, string]> = [
    ['portal', t('notificationBell.notifySettings.portal')],
    ['email', t('notificationBell.notifySettings.byMail')],
    ['digest', t('notificationBell.notifySettings.digest')],
  ];
  return (
    <table>
      <caption className="lp-visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('notificationBell.notifySettings.kind')}</th>
          {columns.map(([key, label]) => (
            <th key={key} scope="col">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {kinds.map((k) => (
          <tr key={k.kind}>
            <th scope="row">{t(`notificationBell.notifyKind.${k.kind}`)}</th>
            {columns.map(([channel, label]) => (
              <td key={channel}>
                <input
                  type="checkbox"
                  aria-label={`${t(`notificationBell.notifyKind.${k.kind}`)}: ${label}`}
                  checked={k[channel]}
                  disabled={channel === 'digest' && !k.email}
                  onChange={(event) => set(k.kind, channel, event.currentTarget.checked)}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * What the user is told of and how (in the portal; by mail at once or in the day's digest), the
 * address and language of the mail, and for a customer's administrators the customer's defaults.
 */
export function NotificationSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [defaults, setDefaults] = useState<KindChannels[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    void notificationSettings({ quiet: true }).then(
      (s) => {
        setSettings({ ...s, lang: s.email ? s.lang : $locale.get() === 'en' ? 'en' : 'zh-CN' });
        if (s.can_set_defaults)
          void notificationDefaults({ quiet: true }).then(
            (d) => setDefaults(d.kinds),
            () => undefined,
          );
      },
      () => setFailed(true),
    );
  }, []);

  const save = async () => {
    if (!settings) return;
    setSaving(true);
    setErrors({});
    try {
      setSettings(
        await saveNotificationSettings(
          { email: settings.email.trim(), lang: settings.lang, kinds: settings.kinds },
          { silentCodes: [422] },
        ),
      );
      toast(t('notificationBell.notifySettings.saved'), 'success');
      onClose();
    } catch (error) {
      setErrors(fieldMessagesOf(error));
    } finally {
      setSaving(false);
    }
  };
  const saveDefaults = async () => {
    if (!defaults) return;
    setDefaults((await saveNotificationDefaults(defaults)).kinds);
    toast(t('notificationBell.notifySettings.defaultsSaved'), 'success');
  };

  return (
    <Dialog
      open={open}
      title={t('notificationBell.notifySettings.title')}
      onClose={onClose}
      width={620}
      className="lp-notify-settings"
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant="primary" disabled={!settings} loading={saving} onClick={() => void save()}>
            {t('notificationBell.notifySettings.save')}
          </Button>
        </>
      }
    >
      {failed ? (
        <p role="alert">{t('notificationBell.notifySettings.failed')}</p>
      ) : !settings ? (
        <p role="status">{t('common.loading')}</p>
      ) : (
        <>
          <p>{t('notificationBell.notifySettings.intro')}</p>
          <div className="lp-notify-settings__fields">
            <TextField
              name="email"
              type="email"
              label={t('notificationBell.notifySettings.email')}
              hint={t('notificationBell.notifySettings.emailHint')}
              value={settings.email}
              error={errors.email}
              autoComplete="email"
              onChange={(email) => setSettings({ ...settings, email })}
            />
            <SelectField<'zh-CN' | 'en'>
              name="lang"
              label={t('notificationBell.notifySettings.lang')}
              options={[
                { value: 'zh-CN', label: '中文' },
                { value: 'en', label: 'English' },
              ]}
              value={settings.lang}
              onChange={(lang) => setSettings({ ...settings, lang })}
            />
          </div>
          <ChannelTable
            caption={t('notificationBell.notifySettings.title')}
            kinds={settings.kinds}
            onChange={(kinds) => setSettings({ ...settings, kinds })}
          />
          {defaults && (
            <section aria-labelledby="lp-notify-defaults">
              <h3 id="lp-notify-defaults">{t('notificationBell.notifySettings.defaults')}</h3>
              <p className="lp-notify-settings__hint">{t('notificationBell.notifySettings.defaultsHint')}</p>
              <ChannelTable
                caption={t('notificationBell.notifySettings.defaults')}
                kinds={defaults}
                onChange={setDefaults}
              />
              <Button size="sm" onClick={() => void saveDefaults()}>
                {t('notificationBell.notifySettings.saveDefaults')}
              </Button>
            </section>
          )}
        </>
      )}
    </Dialog>
  );
}
