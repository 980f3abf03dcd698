//! [`AnyPosition`]'s own tests: the readings each family takes.

use super::*;

#[test]
fn readings_switch_the_options_rulings_keep_and_refuse_the_rest() {
    let gast = AnyPosition::setup(Variant::Gast, None).expect("start position");
    let Ok(AnyPosition::Core(p)) = gast.clone().with_readings("g8b, G10A") else {
        panic!("Gast takes G8b and G10a");
    };
    assert_eq!(p.rules().promotion_roles.len(), 4, "G8b: Q, R, B, N");
    assert!(gast.clone().with_readings("P4b").is_err(), "P4b is PASGL's");
    assert!(gast.with_readings("G11c").is_err());
    let pasgl = AnyPosition::setup(Variant::Pasgl312, None).expect("start position");
    let Ok(AnyPosition::Pasgl(p)) = pasgl.with_readings("P4b") else {
        panic!("PASGL takes P4b");
    };
    assert_eq!(
        p.score_timing(),
        crate::rules::pasgl::ScoreTiming::BeforeTrain
    );
}
