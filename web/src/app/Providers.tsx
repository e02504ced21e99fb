import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../shared/i18n';
import { useAntdLocale } from './antdLocale';
import { createQueryClient } from './queryClient';
import { theme } from './theme';

interface Props {
  children: ReactNode;
  /** Tests pass their own client. */
  queryClient?: QueryClient;
}

/** Query cache, Ant Design theme and locale (following the interface language), antd App context. */
export function Providers({ children, queryClient }: Props) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const { i18n } = useTranslation();
  void i18n.language; // re-render on language change
  const locale = useAntdLocale(currentLanguage());
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider theme={theme} locale={locale}>
        <AntdApp>{children}</AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
