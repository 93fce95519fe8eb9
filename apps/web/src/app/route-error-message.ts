import { isRouteErrorResponse } from 'react-router';

/** What a router error says, for the spec's 'Something went wrong' followed by the message. */
export const routeErrorMessage = (error: unknown): string => {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
};
