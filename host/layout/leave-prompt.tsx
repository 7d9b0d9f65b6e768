import { useStore } from '@nanostores/react';
import { t } from '../../src/i18n/translate.ts';
import { Button, Dialog } from '../../src/ui/index.ts';
import { $leavePrompt } from './leave-guard.ts';

/** Save draft and leave / leave without saving / cancel. */
export function LeavePrompt() {
  const prompt = useStore($leavePrompt);
  const answer = (choice: 'save' | 'discard' | 'cancel') => prompt?.resolve(choice);
  return (
    <Dialog
      open={prompt !== null}
      role="alertdialog"
      title={t('host.leave.title')}
      onClose={() => answer('cancel')}
      width={440}
      footer={
        <>
          <Button onClick={() => answer('cancel')} guardMs={0}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" onClick={() => answer('discard')} guardMs={0}>
            {t('host.leave.discard')}
          </Button>
          <Button variant="primary" onClick={() => answer('save')} guardMs={0}>
            {t('host.leave.saveDraft')}
          </Button>
        </>
      }
    >
      <p>{t('host.leave.message')}</p>
    </Dialog>
  );
}
