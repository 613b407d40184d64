import { thesisScreen } from "../thesis-screen";

export default thesisScreen({ to: "/committee/theses", label: "Back to Theses" });
