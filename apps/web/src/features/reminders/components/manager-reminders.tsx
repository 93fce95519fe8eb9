// Being built (reminders web): replaced before the issue lands.
const Pending = () => null;
export default Pending;
