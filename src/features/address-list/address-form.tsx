import { useEffect, useMemo, useState } from 'react';
import { fieldMessagesOf, isApiError } from '../../api/errors.ts';
import { Code } from '../../contract/codes.ts';
import {
  ADDRESS_KINDS,
  type Address,
  AddressInput,
  BUSINESS_TYPES,
} from '../../contract/master-data/schemas.ts';
import type * as v from 'valibot';
import { Button } from '../../ui/button/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { type FormValues, SelectField, TextField, useForm } from '../../ui/form/index.ts';
import { useT } from '../../ui/use-t.ts';
import { createAddress, loadRegionInfo, updateAddress } from './api.ts';
import { RegionPicker } from './region-picker.tsx';
import '../../i18n/areas/addresses.ts';

type Values = v.InferOutput<typeof AddressInput>;
type Kind = (typeof ADDRESS_KINDS)[number];
type BusinessType = (typeof BUSINESS_TYPES)[number];

const valuesOf = (address: Address): FormValues<typeof AddressInput> => ({
  kind: address.kind,
  business_type: (BUSINESS_TYPES as readonly string[]).includes(address.business_type)
    ? (address.business_type as BusinessType)
    : 'general',
  company: address.company,
  contact: address.contact,
  phone: address.phone,
  region_id: address.region_id ?? '',
  address: address.address,
});

const blank = (kind: Kind): FormValues<typeof AddressInput> => ({
  kind,
  business_type: 'general',
  company: '',
  contact: '',
  phone: '',
  region_id: '',
  address: '',
});

export interface AddressFormProps {
  /** The address to edit; null: a new one. */
  address: Address | null;
  /** The type a new address starts with (the list's tab). */
  kind: Kind;
  onClose: () => void;
  /** After a save (`created`: a new address). */
  onSaved: (address: Address, created: boolean) => void;
  /** The address was deleted by someone else meanwhile. */
  onGone: () => void;
}

/**
 * The address dialog: create or edit, checked with the contract's schema (the server's rules, in
 * the user's language). A save over someone else's newer save is never silent: the stale view
 * shows their values next to these, to take theirs or overwrite knowingly.
 */
export function AddressForm({ address, kind, onClose, onSaved, onGone }: AddressFormProps) {
  const t = useT();
  const [version, setVersion] = useState(address?.version ?? 0);
  const [stale, setStale] = useState<{ theirs: Address; mine: Values } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const save = async (values: Values, at: number) => {
    setNotice(null);
    try {
      const saved = address
        ? await updateAddress({ ad_id: address.ad_id, version: at, ...values })
        : await createAddress(values);
      onSaved(saved, !address);
    } catch (error) {
      if (isApiError(error) && error.code === Code.conflict && error.data) {
        setStale({ theirs: error.data as Address, mine: values });
      } else if (isApiError(error) && error.code === Code.notFound) {
        onGone();
      } else if (isApiError(error) && error.code === Code.invalid) {
        const rest = form.showServerErrors(fieldMessagesOf(error));
        if (rest.length > 0) setNotice(rest.join(' '));
      } else setNotice(t('addresses.form.failed'));
    }
  };

  const form = useForm({
    schema: AddressInput,
    initial: address ? valuesOf(address) : blank(kind),
    onSubmit: (values) => save(values, version),
  });

  const kinds = ADDRESS_KINDS.map((k) => ({ value: k, label: t(`addresses.kind.${k}`) }));
  const businessTypes = BUSINESS_TYPES.map((b) => ({ value: b, label: t(`addresses.business.${b}`) }));
  const title = address ? t('addresses.form.editTitle') : t('addresses.form.newTitle');

  return (
    <Dialog open title={stale ? t('addresses.stale.title') : title} onClose={onClose} width={640}>
      {stale ? (
        <StaleView
          theirs={stale.theirs}
          mine={stale.mine}
          onReload={() => {
            form.reset(valuesOf(stale.theirs));
            setVersion(stale.theirs.version);
            setStale(null);
          }}
          onOverwrite={async () => {
            const { theirs, mine } = stale;
            setStale(null);
            setVersion(theirs.version);
            await save(mine, theirs.version);
          }}
        />
      ) : (
        <form className="addr-form" noValidate onSubmit={form.submit}>
          <div className="addr-form__grid">
            <SelectField<Kind>
              {...form.field('kind')}
              label={t('addresses.form.kind')}
              options={kinds}
              value={form.values.kind as Kind}
            />
            <SelectField<BusinessType>
              {...form.field('business_type')}
              label={t('addresses.form.business_type')}
              options={businessTypes}
              value={(form.values.business_type ?? 'general') as BusinessType}
            />
            <TextField
              {...form.field('company')}
              label={t('addresses.form.company')}
              autoComplete="organization"
            />
            <TextField {...form.field('contact')} label={t('addresses.form.contact')} autoComplete="name" />
            <TextField
              {...form.field('phone')}
              label={t('addresses.form.phone')}
              type="tel"
              autoComplete="tel"
              hint={t('addresses.form.phoneHint')}
            />
          </div>
          <RegionPicker
            // a reload with the saved address places the cascade again
            key={version}
            {...form.field('region_id')}
          />
          <TextField
            {...form.field('address')}
            label={t('addresses.form.address')}
            hint={t('addresses.form.addressHint')}
            autoComplete="street-address"
          />
          {notice && (
            <p className="addr-error" role="alert">
              {notice}
            </p>
          )}
          <div className="addr-form__actions">
            <Button guardMs={0} onClick={onClose}>
              {t('addresses.form.cancel')}
            </Button>
            <Button type="submit" variant="primary" loading={form.submitting}>
              {t('addresses.form.save')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/** Their saved address next to the user's changes, the differing fields marked. */
function StaleView({
  theirs,
  mine,
  onReload,
  onOverwrite,
}: {
  theirs: Address;
  mine: Values;
  onReload: () => void;
  onOverwrite: () => void;
}) {
  const t = useT();
  const [minePlace, setMinePlace] = useState<string>('');
  useEffect(() => {
    let live = true;
    loadRegionInfo(mine.region_id).then(
      (info) => live && setMinePlace(info.path.join(' / ')),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [mine.region_id]);
  const rows = useMemo(
    () =>
      [
        ['kind', t(`addresses.kind.${theirs.kind}`), t(`addresses.kind.${mine.kind}`)],
        ['company', theirs.company, mine.company],
        ['contact', theirs.contact, mine.contact],
        ['phone', theirs.phone, mine.phone],
        ['city', theirs.city, theirs.region_id === mine.region_id ? theirs.city : minePlace],
        ['address', theirs.address, mine.address],
      ] as const,
    [t, theirs, mine, minePlace],
  );
  return (
    <div className="addr-stale">
      <p role="alert">{t('addresses.stale.intro')}</p>
      <table className="addr-stale__table">
        <thead>
          <tr>
            <th scope="col">{t('addresses.stale.field')}</th>
            <th scope="col">{t('addresses.stale.theirs')}</th>
            <th scope="col">{t('addresses.stale.mine')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([key, a, b]) => (
            <tr key={key} className={a !== b ? 'addr-stale__diff' : undefined}>
              <th scope="row">{t(`addresses.column.${key}`)}</th>
              <td>{a}</td>
              <td>{b}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="addr-form__actions">
        <Button guardMs={0} onClick={onReload}>
          {t('addresses.stale.reload')}
        </Button>
        <Button guardMs={0} variant="danger" onClick={onOverwrite}>
          {t('addresses.stale.overwrite')}
        </Button>
      </div>
    </div>
  );
}
