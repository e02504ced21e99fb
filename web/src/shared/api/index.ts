export { api, unwrap, type ReplyOf } from './client';
export { ApiError, classifyError, errorText, isApiError, type ApiErrorDetails, type ErrorKind } from './errors';
export { refusalText, shownLocally, type RefusalTextOptions } from './refusals';
export { reportApiError, setApiErrorHandler } from './errorBus';
export { apiOrigin, getCsrfToken, setCsrfToken } from './csrf';
export { shouldReportCentrally, type RequestMeta } from './query';
export * from './categories';
export { mobileRedirectLink, productDetailPath, publicImageLink, publicProductLink, storeFor, type AppStores } from './links';
export { useAppConfig } from './appConfig';
