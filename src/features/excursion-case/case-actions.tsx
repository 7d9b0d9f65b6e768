import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { Code } from '../../contract/codes.ts';
import { DECISIONS, type Decision } from '../../contract/excursions/domain.ts';
import { REASON_MAX, type CaseView } from '../../contract/excursions/schemas.ts';
import type { SignatureMeaning } from '../../contract/signatures/schemas.ts';
import { $session } from '../../stores/session.ts';
import { Button } from '../../ui/button/button.tsx';
import { useDomId } from '../../ui/use-id.ts';
import { useT } from '../../ui/use-t.ts';
import { assignCase, decideCase } from './api.ts';
import '../../i18n/areas/excursion-case.ts';
import '../../i18n/areas/excursions.ts';

/** The order view's signing dialog (password again, the meaning), loaded with the first decision. */
const SignDialog = lazy(() =>
  import('../order-view/sign-dialog.tsx').then((m) => ({ default: m.SignDialog })),
);

/** The meanings a decision's signature takes (the contract's `decide` operation). */
const MEANINGS: readonly SignatureMeaning[] = ['approval', 'responsibility'];

/** Assign the case to a user of the customer: the signed-in user first ("Assign to me"). */
export function AssignForm({
  view,
  onDone,
  onChanged,
}: {
  view: CaseView;
  onDone: () => Promise<void>;
  onChanged: () => void;
}) {
  const t = useT();
  const id = useDomId('exc-assignee');
  const me = useStore($session).userInfo?.uid ?? null;
  const current = view.case.assignee?.uid ?? null;
  const others = view.assignees.filter((p) => p.uid !== me);
  const mine = view.assignees.find((p) => p.uid === me);
  const [uid, setUid] = useState(String(mine && current !== me ? me : (others[0]?.uid ?? '')));
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!uid || busy) return;
    setBusy(true);
    try {
      await assignCase(view.case.id, Number(uid));
      await onDone();
    } catch (failure) {
      if (isApiError(failure) && (failure.code === Code.conflict || failure.code === Code.notFound))
        onChanged();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="exc-form exc-form--inline"
      aria-label={t('excursionCase.assign')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="exc-field">
        <label htmlFor={id}>{t('excursionCase.assignee')}</label>
        <select
          id={id}
          className="lp-input"
          value={uid}
          onChange={(event) => setUid(event.currentTarget.value)}
        >
          {mine && (
            <option value={String(mine.uid)}>{t('excursionCase.assignMe', { name: mine.name })}</option>
          )}
          {others.map((p) => (
            <option key={p.uid} value={String(p.uid)}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" guardMs={0} loading={busy} disabled={!uid || Number(uid) === current}>
        {t('excursionCase.assignButton')}
      </Button>
    </form>
  );
}

/**
 * The decision: release, quarantine, destroy or return to depot (the server's proposal chosen
 * at first), signed in the order view's signing dialog with a reason, the password again and the
 * signature's meaning (21 CFR Part 11 §11.50, §11.200).
 */
export function DecideForm({
  view,
  onDone,
  onChanged,
}: {
  view: CaseView;
  onDone: () => Promise<void>;
  onChanged: () => void;
}) {
  const t = useT();
  const [decision, setDecision] = useState<Decision | null>(view.proposal);
  const [signing, setSigning] = useState(false);
  const [missing, setMissing] = useState(false);
  const label = (d: Decision) => t(`excursions.decision.${d}`);

  return (
    <>
      <form
        className="exc-form"
        aria-label={t('excursionCase.decide')}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!decision) setMissing(true);
          else setSigning(true);
        }}
      >
        <fieldset className="exc-fieldset" aria-describedby={missing ? 'exc-decision-missing' : undefined}>
          <legend>{t('excursionCase.decision')}</legend>
          {DECISIONS.map((d) => (
            <label key={d} className="exc-radio">
              <input
                type="radio"
                name="decision"
                value={d}
                checked={decision === d}
                onChange={() => {
                  setDecision(d);
                  setMissing(false);
                }}
              />
              {label(d)}
              {view.proposal === d && <span className="exc-muted"> ({t('excursionCase.proposed')})</span>}
            </label>
          ))}
        </fieldset>
        {missing && (
          <p id="exc-decision-missing" className="exc-error" role="alert">
            {t('excursionCase.decisionRequired')}
          </p>
        )}
        <Button type="submit" variant="primary" guardMs={0}>
          {t('excursionCase.signDecision')}
        </Button>
      </form>
      {/* beside the form, not in it: the dialog has a form of its own */}
      {signing && decision && (
        <Suspense fallback={null}>
          <SignDialog
            title={t('excursionCase.signTitle', { decision: label(decision), no: view.case.case_no })}
            act={decision === 'release' ? 'approve' : 'reject'}
            reason={{ label: t('excursionCase.reason'), required: true, max: REASON_MAX }}
            meanings={MEANINGS}
            subject="document"
            words={{
              submit: t('excursionCase.signSubmit', { decision: label(decision) }),
              statement: t('excursionCase.statement'),
            }}
            onSubmit={async (reason, signature) => {
              await decideCase(view.case.id, decision, reason, signature);
              setSigning(false);
              await onDone();
            }}
            onClose={() => setSigning(false)}
            onChanged={() => {
              setSigning(false);
              onChanged();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
