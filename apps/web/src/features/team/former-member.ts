/** A person removed from the project since, as the history and the statistics name him. */
export const formerMemberName = (name: string) => `${name} (бывший участник)`;
