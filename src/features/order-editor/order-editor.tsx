import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { formKeyFor } from '../../lib/order-drafts.ts';
import { $addressBookRevision } from '../../stores/address-book.ts';
import { sessionOwner } from '../../stores/drafts/index.ts';
import { loadUserInfo } from '../../stores/session.ts';
import { fieldMessagesOf, isApiError } from '../../api/errors.ts';
import { Code } from '../../contract/codes.ts';
import type { Address, RegionInfo } from '../../contract/master-data/schemas.ts';
import type {
  CreateOrderAnswer,
  EditConflict,
  EditorMode,
  EditorStart,
} from '../../contract/order-editor/schemas.ts';
import { $locale } from '../../i18n/translate.ts';
import { Button } from '../../ui/button/button.tsx';
import { ErrorState } from '../../ui/states/error-state.tsx';
import { useT } from '../../ui/use-t.ts';
import { AttachmentsSection } from './attachments-section.tsx';
import { BoxesSection } from './boxes-section.tsx';
import { ChangeReason } from './change-reason.tsx';
import { conflictValue } from './conflict-diff.ts';
import { ConflictView } from './conflict-view.tsx';
import { checkGoods, loadAddresses, loadContacts, loadSites, submitOrder } from './editor-api.ts';
import type { FieldBits } from './field-props.ts';
import { allowedBy, checkForm, type EditorForm, missingKinds, toRequest } from './form-model.ts';
import { GoodsSection } from './goods-section.tsx';
import { leaveEditorFor } from './open-order.ts';
import { type EditorPersistence, openEditorPersistence } from './persistence.ts';
import { PersistenceStatus } from './persistence-status.tsx';
import { PartySection, type PartySources } from './party-section.tsx';
import { ProjectSection } from './project-section.tsx';
import { formFromStock } from './stock-handoff.ts';
import { Review } from './review.tsx';
import { TimesSection } from './times-section.tsx';
import { useLoaded } from './use-async.ts';
import { type EditorTarget, useEditorStart } from './use-editor-start.ts';
import { useGoodsInfo } from './use-goods-info.ts';
import '../../i18n/areas/order-editor.ts';

export interface OrderEditorProps extends EditorTarget {
  /** The form's key from the address (`form-key`): also its Idempotency-Key. */
  formKey: string | null;
  /** The tab's title for the mode (New Order, Edit Order, Copy Order). */
  onTitle: (title: string) => void;
  /** True once something was typed, false after submit (the shell's leave prompt). */
  onDirty: (dirty: boolean) => void;
  /** The order was made, or (`edited`) the edit saved. */
  onCreated: (answer: CreateOrderAnswer, edited: boolean) => void;
  /** Receives what the leave prompt's "save draft" runs (null when nothing can be saved). */
  onSaver: (save: (() => Promise<unknown>) | null) => void;
  /** Receives what drops the form (local and server draft), for "leave without saving". */
  onDiscarder?: (discard: (() => Promise<unknown>) | null) => void;
  /** The form key the editor uses (to be put in the address, so a reload finds the form). */
  onFormKey?: (formKey: string, draftId: number | null) => void;
  /** Stock lines handed over by the inventory page: a new form starts with them. */
  stockIds?: readonly number[];
}

/**
 * The order editor (`/customer-order/create`): new, edit, copy, or a draft opened from the draft
 * box. Loads the form's start, then shows the form; the review step shows the whole order and
 * submits it with the form's Idempotency-Key.
 */
export function OrderEditor(props: OrderEditorProps) {
  const t = useT();
  const { load, retry } = useEditorStart(props);
  const mode: EditorMode = load.state === 'ready' ? load.start.mode : props.mode;
  const { onTitle } = props;
  useEffect(() => {
    onTitle(t(`orderEditor.title.${mode}`));
  }, [mode, onTitle, t]);
  if (load.state === 'loading')
    return (
      <section className="oe" aria-busy="true">
        <p className="oe__muted" role="status">
          {t('orderEditor.loading')}
        </p>
      </section>
    );
  if (load.state === 'failed')
    return (
      <section className="oe" aria-busy="false">
        <ErrorState
          message={
            load.code === Code.conflict
              ? t('orderEditor.notEditable')
              : load.code === Code.notFound
                ? t('orderEditor.notFound')
                : t('orderEditor.loadFailed')
          }
          {...(load.code === Code.conflict || load.code === Code.notFound ? {} : { onRetry: retry })}
        />
      </section>
    );
  return <EditorSession {...props} start={load.start} />;
}

interface Opened {
  form: EditorForm;
  idempotencyKey: string;
  draftId: number | null;
  restored: boolean;
}

/**
 * Opens the form's persistence (kept in the browser at once, saved to the draft box when online)
 * under the form key, and shows the form once it knows what to show (a kept form newer than the
 * start comes back).
 */
function EditorSession(props: OrderEditorProps & { start: EditorStart }) {
  const t = useT();
  const { start, onFormKey } = props;
  const [formKey] = useState(() => formKeyFor(start, props.formKey));
  const [session, setSession] = useState<{ persistence: EditorPersistence; opened: Opened } | null>(null);
  useEffect(() => {
    let live = true;
    let persistence: EditorPersistence | null = null;
    // Drafts belong to the signed-in user and customer: a page that has not asked yet asks now.
    (sessionOwner() ? Promise.resolve() : loadUserInfo({ quiet: true }).then(() => undefined))
      .then(() => {
        if (!live) return null;
        persistence = openEditorPersistence(start, { formKey });
        return persistence.ready;
      })
      .then(
        (opened) => {
          if (live && opened && persistence) setSession({ persistence, opened });
        },
        () => undefined,
      );
    return () => {
      live = false;
      void persistence?.close();
    };
  }, [start, formKey]);
  useEffect(() => {
    onFormKey?.(formKey, start.draft?.id ?? null);
  }, [formKey, onFormKey, start]);
  if (!session)
    return (
      <section className="oe" aria-busy="true">
        <p className="oe__muted" role="status">
          {t('orderEditor.loading')}
        </p>
      </section>
    );
  return <EditorBody {...props} persistence={session.persistence} opened={session.opened} />;
}

const SIDE_FIELDS = { company: 'company', contact: 'contact', phone: 'phone', address: 'address' } as const;

/** A form field as the user knows it (`to_phone` → "Ship To Phone"); unknown ones as sent. */
function fieldLabel(name: string, t: ReturnType<typeof useT>): string {
  if (name === 'remark') return t('orderEditor.field.remark');
  const m = /^(from|to)_(company|contact|phone|address)$/.exec(name);
  if (!m) return name;
  const side = m[1] as 'from' | 'to';
  const field = SIDE_FIELDS[m[2] as keyof typeof SIDE_FIELDS];
  return `${t(`orderEditor.section.${side}`)} ${t(`orderEditor.field.${field}`)}`;
}

function EditorBody({
  start,
  persistence,
  opened,
  onDirty,
  onCreated,
  onSaver,
  onDiscarder,
  stockIds,
}: OrderEditorProps & { start: EditorStart; persistence: EditorPersistence; opened: Opened }) {
  const t = useT();
  const locale = useStore($locale);
  const saved = useStore(persistence.$state);
  const readOnly = saved.mode === 'reader';
  // The form's value lives here, in one place; every change goes to the persistence too.
  const [form, setForm] = useState<EditorForm>(opened.form);
  const formRef = useRef(form);
  const [dirty, setDirty] = useState(false);
  // The persistence's key: a new one once a conflict with another device made this form a draft of its own.
  const idempotencyKey = saved.idempotencyKey || opened.idempotencyKey;
  const [version, setVersion] = useState<number | null>(
    start.mode === 'edit' ? (start.order?.version ?? null) : null,
  );
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const change = useCallback(
    (next: EditorForm | ((f: EditorForm) => EditorForm)) => {
      const value = typeof next === 'function' ? next(formRef.current) : next;
      formRef.current = value;
      setForm(value);
      persistence.update(value);
      setDirty(true);
    },
    [persistence],
  );
  // Another tab writes this form: follow it (and after a take-over, continue from it).
  useEffect(
    () =>
      persistence.$form.subscribe((value) => {
        if (value === formRef.current) return;
        formRef.current = value;
        setForm(value);
      }),
    [persistence],
  );
  useEffect(() => {
    onDirty(dirty);
  }, [dirty, onDirty]);

  const [step, setStep] = useState<'edit' | 'review'>('edit');
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [serverErrors, setServerErrors] = useState<Readonly<Record<string, string>>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // an edit's reason for the change (asked in the review step) and what is wrong with it
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const busy = useRef(false);
  const elements = useRef(new Map<string, HTMLElement>());
  const [regions, setRegions] = useState<ReadonlyMap<number, RegionInfo>>(new Map());
  const [fileNames, setFileNames] = useState<ReadonlyMap<number, string>>(new Map());

  const project = start.projects.find((p) => p.pr_id === form.pr_id);
  const allowed = useMemo(() => allowedBy(project?.conf), [project]);
  const orderId = start.mode === 'edit' ? (start.order?.id ?? null) : null;
  const goods = useGoodsInfo(form, orderId);

  // Keyed on the address book's revision: an address added or changed meanwhile is offered at once.
  const book = useStore($addressBookRevision);
  // One request for the start addresses of this book's revision: the stock handover reads them too.
  const startLoad = useRef<{ key: string; addresses: Promise<Address[]> } | null>(null);
  const loadStarts = () => {
    const key = `start.${book}`;
    if (startLoad.current?.key !== key) startLoad.current = { key, addresses: loadAddresses('start') };
    return startLoad.current.addresses;
  };
  const startAddresses = useLoaded(`start.${book}`, loadStarts);
  const stopAddresses = useLoaded(`stop.${book}`, () => loadAddresses('stop'));
  const contacts = useLoaded(`contacts.${book}`, loadContacts);
  const sites = useLoaded(form.pr_id ? String(form.pr_id) : null, () => loadSites(form.pr_id as number));
  const fromSources = useMemo<PartySources>(
    () => ({ addresses: startAddresses ?? [], sites: sites ?? [], contacts: contacts ?? [] }),
    [startAddresses, sites, contacts],
  );
  const toSources = useMemo<PartySources>(
    () => ({ addresses: stopAddresses ?? [], sites: sites ?? [], contacts: contacts ?? [] }),
    [stopAddresses, sites, contacts],
  );

  const onRegionInfo = useCallback((info: RegionInfo) => {
    setRegions((current) =>
      current.get(info.region_id) === info ? current : new Map(current).set(info.region_id, info),
    );
  }, []);
  const unserved = useMemo(
    () => new Set([...regions.values()].filter((r) => !r.served).map((r) => r.region_id)),
    [regions],
  );
  const notDistricts = useMemo(
    () => new Set([...regions.values()].filter((r) => r.level < 3).map((r) => r.region_id)),
    [regions],
  );
  const regionPaths = useMemo(
    () => new Map([...regions.values()].map((r) => [r.region_id, r.path.join(' / ')])),
    [regions],
  );

  const { problems, output } = checkForm(form, {
    locale,
    allowed,
    now: new Date(),
    goods: goods.info,
    unserved,
    notDistricts,
  });

  const refs = useRef(new Map<string, (el: HTMLElement | null) => void>());
  const fieldProps = (path: string): FieldBits => {
    let ref = refs.current.get(path);
    if (!ref) {
      ref = (el) => {
        if (el) elements.current.set(path, el);
        else elements.current.delete(path);
      };
      refs.current.set(path, ref);
    }
    const shown = serverErrors[path] ?? (showAll || touched.has(path) ? problems.get(path) : undefined);
    return {
      name: path,
      error: shown,
      onBlur: () => setTouched((s) => (s.has(path) ? s : new Set(s).add(path))),
      inputRef: ref,
    };
  };

  const focusFirstProblem = (paths: readonly string[]) => {
    requestAnimationFrame(() => {
      const candidates = paths
        .map(
          (p) =>
            elements.current.get(p) ??
            // the server names a goods line by its stock line (`goods.0.in_id`): its quantity is the line's field
            elements.current.get(p.replace(/\.in_id$/, '.quantity')) ??
            elements.current.get(p.split('.')[0] ?? ''),
        )
        .filter((el): el is HTMLElement => el?.isConnected === true);
      candidates.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
      const first = candidates[0];
      const focusable =
        'input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), button:not(:disabled)';
      // A control still disabled (a district before its city) hands the focus to its group's first.
      const target = first?.matches(focusable)
        ? first
        : (first?.querySelector<HTMLElement>(focusable) ??
          first?.closest('fieldset')?.querySelector<HTMLElement>(focusable));
      target?.focus();
    });
  };

  const review = () => {
    setShowAll(true);
    setNotice(null);
    if (problems.size > 0) {
      focusFirstProblem([...problems.keys()]);
      return;
    }
    setStep('review');
  };

  const submit = async (at: number | null = version) => {
    if (busy.current) return;
    if (!output) {
      // The form changed under the review (a time passed, stock re-checked): never a silent click,
      // back to the form with what now stands in the way.
      setStep('edit');
      review();
      return;
    }
    if (orderId !== null && !reason.trim()) {
      setReasonError(t('orderEditor.reason.required'));
      reasonRef.current?.focus();
      return;
    }
    busy.current = true;
    setSubmitting(true);
    setNotice(null);
    try {
      const answer = await submitOrder(
        toRequest(output, { orderId, version: orderId !== null ? at : null, reason }),
        // A resubmit over a newer version is another request: its own key, as stable as the first.
        at === (start.order?.version ?? null) || orderId === null
          ? idempotencyKey
          : `${idempotencyKey}.v${at}`,
      );
      setDirty(false);
      onDirty(false);
      await persistence.submitted().catch(() => undefined);
      onCreated(answer, orderId !== null);
    } catch (error) {
      if (isApiError(error) && error.code === Code.conflict) {
        const data = error.data as Partial<EditConflict> | null;
        if (data?.order && data.form) setConflict(data as EditConflict);
        else setNotice(t('orderEditor.conflict'));
      } else if (isApiError(error) && error.code === Code.invalid && fieldMessagesOf(error).reason) {
        // the reason is in the review step: it stays open
        setReasonError(fieldMessagesOf(error).reason);
        reasonRef.current?.focus();
      } else if (isApiError(error) && error.code === Code.invalid) {
        const messages = fieldMessagesOf(error);
        setServerErrors(messages);
        setStep('edit');
        setNotice(Object.values(messages)[0] ?? error.message);
        focusFirstProblem(Object.keys(messages));
      } else setNotice(t('orderEditor.submitFailed'));
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  // The leave prompt: "save draft" stores the form in the draft box; "leave without saving" drops it.
  useEffect(() => {
    onSaver(async () => {
      await persistence.saveNow();
      setDirty(false);
    });
    onDiscarder?.(() => persistence.discard());
    return () => {
      onSaver(null);
      onDiscarder?.(null);
    };
  }, [onSaver, onDiscarder, persistence]);

  // Lines from the inventory page start a new, empty form: checked by the server, then filled in.
  const stockKey = (stockIds ?? []).join(',');
  const handedOver = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `stockKey` stands for the lines; once per form
  useEffect(() => {
    const ids = stockKey ? stockKey.split(',').map(Number) : [];
    if (handedOver.current || ids.length === 0 || start.mode !== 'new' || start.draft) return;
    if ((formRef.current.goods ?? []).length > 0) return;
    handedOver.current = true;
    Promise.all([
      checkGoods({ lines: ids.map((in_id) => ({ in_id, quantity: 0.001 })) }),
      // (the depot the lines are in is the start, when the address book has it)
      loadStarts().catch(() => []),
    ]).then(
      ([answer, starts]) => {
        const made = formFromStock(formRef.current, answer, start.projects, starts);
        if (made.form) change(made.form);
        else setNotice(t(`orderEditor.stock.${made.problem}`));
      },
      () => setNotice(t('orderEditor.stock.failed')),
    );
  }, [stockKey, start]);

  const setServerFree = (next: EditorForm | ((f: EditorForm) => EditorForm)) => {
    setServerErrors({});
    change(next);
  };

  const problemCount = problems.size;
  return (
    <section className="oe" aria-busy="false" aria-labelledby="oe-title">
      <header className="oe__header">
        <h1 id="oe-title" className="oe__title">
          {t(`orderEditor.title.${start.mode}`)}
        </h1>
        {start.order && (
          <p className="oe__muted">
            {t(start.mode === 'edit' ? 'orderEditor.editing' : 'orderEditor.copying', {
              no: start.order.order_no,
            })}
          </p>
        )}
        {start.draft && (
          <p className="oe__muted">{t('orderEditor.fromDraft', { at: start.draft.saved_at })}</p>
        )}
        {start.cleared.length > 0 && (
          <p className="oe__note" role="note">
            {t('orderEditor.cleared', { fields: start.cleared.map((f) => fieldLabel(f, t)).join(', ') })}
          </p>
        )}
        {start.projects.length === 0 && <p className="oe__note">{t('orderEditor.noProjects')}</p>}
        <PersistenceStatus persistence={persistence} restored={opened.restored} />
      </header>
      {notice && (
        <p className="oe__alert" role="alert">
          {notice}
        </p>
      )}
      <form
        className="oe__form"
        hidden={step !== 'edit'}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          review();
        }}
      >
        <fieldset className="oe__body" disabled={readOnly}>
          <ProjectSection
            form={form}
            onChange={setServerFree}
            projects={start.projects}
            allowed={allowed}
            fieldProps={fieldProps}
          />
          <PartySection
            side="from"
            form={form}
            onChange={setServerFree}
            sources={fromSources}
            fieldProps={fieldProps}
            onRegionInfo={onRegionInfo}
          />
          <PartySection
            side="to"
            form={form}
            onChange={setServerFree}
            sources={toSources}
            fieldProps={fieldProps}
            onRegionInfo={onRegionInfo}
          />
          <GoodsSection
            form={form}
            onChange={setServerFree}
            info={goods.info}
            onFound={goods.found}
            fieldProps={fieldProps}
          />
          <BoxesSection form={form} onChange={setServerFree} fieldProps={fieldProps} />
          <TimesSection form={form} onChange={setServerFree} zone={start.time_zone} fieldProps={fieldProps} />
          <AttachmentsSection
            form={form}
            onChange={setServerFree}
            required={allowed.requiredAttachments}
            names={fileNames}
            onUploaded={(id, name) => setFileNames((m) => new Map(m).set(id, name))}
            fieldProps={fieldProps}
          />
        </fieldset>
        <div className="oe__footer">
          {showAll && problemCount > 0 && (
            <p className="lp-field__error" role="status">
              {t('orderEditor.review.problems', { n: problemCount })}
            </p>
          )}
          <Button type="submit" variant="primary" guardMs={0} disabled={readOnly}>
            {t('orderEditor.action.review')}
          </Button>
        </div>
      </form>
      {step === 'review' && (
        <div className="oe__review-step">
          <h2 className="oe__subtitle">{t('orderEditor.review.title')}</h2>
          <p className="oe__muted">{t('orderEditor.review.intro')}</p>
          <Review
            form={form}
            project={project}
            goods={goods.info}
            regionPaths={regionPaths}
            fileNames={fileNames}
            zone={start.time_zone}
            missingDocuments={missingKinds(form, allowed)}
          />
          {orderId !== null && (
            <ChangeReason
              value={reason}
              onChange={(value) => {
                setReason(value);
                setReasonError(undefined);
              }}
              error={reasonError}
              approved={start.order?.approved === true}
              inputRef={reasonRef}
            />
          )}
          <div className="oe__footer">
            <Button guardMs={0} disabled={submitting} onClick={() => setStep('edit')}>
              {t('orderEditor.action.back')}
            </Button>
            {/* No click guard: `submit` lets one request through at a time itself, and a click that
                only asked for the reason must not hold the next one back. */}
            <Button
              variant="primary"
              guardMs={0}
              loading={submitting}
              disabled={readOnly}
              onClick={() => void submit()}
            >
              {t(orderId !== null ? 'orderEditor.action.saveEdit' : 'orderEditor.action.submit')}
            </Button>
          </div>
        </div>
      )}
      <ConflictView
        conflict={conflict}
        mine={form}
        display={(field, value) =>
          conflictValue(field, value, {
            zone: start.time_zone,
            projects: start.projects,
            regionPaths,
          })
        }
        onClose={() => setConflict(null)}
        onKeepMine={(current) => {
          setConflict(null);
          setVersion(current);
          void submit(current);
        }}
        onTakeTheirs={(theirs, current) => {
          setConflict(null);
          setVersion(current);
          change(theirs);
          setStep('edit');
        }}
        onDiscard={() => {
          setConflict(null);
          setDirty(false);
          onDirty(false);
          void persistence.discard().finally(() => leaveEditorFor(orderId));
        }}
      />
    </section>
  );
}
