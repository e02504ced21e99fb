import { AutoComplete, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADDRESS_COUNTRIES } from '../model';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}

/**
 * The address's country (spec part 1 §9: Spain, Italy, France, USA, Chile, Costa Rica offered),
 * in the reader's language; any other country is typed as it is written. The form keeps the text.
 */
export function CountryField({ value, onChange, id }: Props) {
  const { t } = useTranslation();
  const options = ADDRESS_COUNTRIES.map((iso) => ({ value: t(`members.countries.${iso}`) }));
  return (
    <AutoComplete
      value={value}
      onChange={(v) => onChange?.(String(v ?? '').slice(0, 60))}
      options={options}
      filterOption={(input, option) => (option?.value ?? '').toLocaleLowerCase().includes(input.trim().toLocaleLowerCase())}
    >
      <Input id={id} size="large" maxLength={60} autoComplete="off" placeholder={t('members.create.countryPlaceholder')} data-testid="f-country" />
    </AutoComplete>
  );
}
