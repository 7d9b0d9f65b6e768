import type { Address } from '../../contract/master-data/schemas.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import { Button } from '../../ui/button/button.tsx';
import type { DataColumn } from '../../ui/data-table/index.ts';
import '../../i18n/areas/addresses.ts';

type T = (key: MessageKey, params?: Record<string, string | number>) => string;

const KNOWN_BUSINESS = ['general', 'depot', 'site', 'lab', 'patient', 'destruction'];

/** The address book's columns; company, contact and city sort on the server. */
export function addressColumns({
  t,
  edit,
  remove,
}: {
  t: T;
  edit: (row: Address) => void;
  remove: (row: Address) => void;
}): DataColumn<Address>[] {
  return [
    {
      key: 'company',
      title: t('addresses.column.company'),
      width: 220,
      sortable: true,
      hideable: false,
      pin: true,
    },
    {
      key: 'kind',
      title: t('addresses.column.kind'),
      width: 120,
      render: (row) => t(`addresses.kind.${row.kind}`),
    },
    { key: 'contact', title: t('addresses.column.contact'), width: 120, sortable: true },
    { key: 'phone', title: t('addresses.column.phone'), width: 150 },
    {
      key: 'city',
      title: t('addresses.column.city'),
      width: 120,
      sortable: true,
      render: (row) => row.city || '—',
    },
    { key: 'address', title: t('addresses.column.address'), width: 260 },
    {
      key: 'business_type',
      title: t('addresses.column.business_type'),
      width: 120,
      hidden: true,
      render: (row) =>
        KNOWN_BUSINESS.includes(row.business_type)
          ? t(`addresses.business.${row.business_type as 'general'}`)
          : row.business_type,
    },
    {
      key: 'actions',
      title: t('addresses.column.actions'),
      width: 150,
      hideable: false,
      render: (row) => (
        <span className="addr-actions">
          <Button
            size="sm"
            variant="text"
            guardMs={0}
            aria-label={t('addresses.editName', { name: row.company })}
            onClick={() => edit(row)}
          >
            {t('addresses.edit')}
          </Button>
          <Button
            size="sm"
            variant="text"
            guardMs={0}
            aria-label={t('addresses.deleteName', { name: row.company })}
            onClick={() => remove(row)}
          >
            {t('addresses.delete')}
          </Button>
        </span>
      ),
    },
  ];
}
