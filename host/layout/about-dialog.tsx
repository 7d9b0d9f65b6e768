import { useEffect, useState } from 'react';
import { call } from '../../src/api/transport.ts';
import { qaConfig } from '../../src/contract/chat/operations.ts';
import { t } from '../../src/i18n/translate.ts';
import { Button, Dialog } from '../../src/ui/index.ts';

export const VERSION = 'V 2.9';

interface ServiceInfo {
  phone: string;
  website: string;
}

/** About system (spec §2): version, service phone and website from the server's configuration. */
export function AboutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [info, setInfo] = useState<ServiceInfo | null>(null);
  useEffect(() => {
    if (!open || info) return;
    void call(qaConfig, { action_id: 0, action_page: 'about' }, { quiet: true }).then(
      (data) => setInfo({ phone: data.phone, website: data.website }),
      () => setInfo({ phone: '', website: '' }),
    );
  }, [open, info]);
  return (
    <Dialog
      open={open}
      title={t('host.about.title')}
      onClose={onClose}
      width={420}
      footer={
        <Button variant="primary" onClick={onClose}>
          {t('common.ok')}
        </Button>
      }
    >
      <dl className="lp-about">
        <dt>{t('app.name')}</dt>
        <dd>{t('app.fullName')}</dd>
        <dt>{t('host.about.version')}</dt>
        <dd>{VERSION}</dd>
        <dt>{t('host.about.phone')}</dt>
        <dd>{info?.phone ? <a href={`tel:${info.phone}`}>{info.phone}</a> : '—'}</dd>
        <dt>{t('host.about.website')}</dt>
        <dd>
          {info?.website ? (
            <a href={info.website} target="_blank" rel="noopener noreferrer">
              {info.website}
            </a>
          ) : (
            '—'
          )}
        </dd>
      </dl>
    </Dialog>
  );
}
