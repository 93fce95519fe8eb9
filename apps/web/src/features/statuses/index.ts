/** What other features use of the statuses: the project's manager levels (a manager's status select). */
export { useStatuses } from './api/statuses-query';
