import { thesisScreen } from "../thesis-screen";

export default thesisScreen({ to: "/supervisor/theses", label: "Back to Theses" });
