//! Every value the runtime creates is freed: the live count returns to where it started.
//! (Alone in its test binary, so no other test changes the global count meanwhile.)

use std::ptr::null_mut;

use flowgate_runtime::abi::*;
use flowgate_runtime::{clear_error, DType, UnaryOp};

#[test]
fn live_values_return_to_start() {
    let start = unsafe { flowgate_rt_live_values() };
    unsafe {
        let a = flowgate_rt_box_i64(3, DType::I64.code());
        let n = flowgate_rt_unary(0, UnaryOp::Neg as i32, a);
        assert_eq!(flowgate_rt_live_values(), start + 2);
        let mut s = flowgate_rt_seq_empty(0);
        for _ in 0..10 {
            s = flowgate_rt_seq_insert_consume(0, s, n, 0, 0);
        }
        let c = flowgate_rt_concat_from_seq(0, s, 0, 1, null_mut());
        let o = flowgate_rt_opt_some(s);
        let g = flowgate_rt_opt_get(0, o);
        // An error path: its placeholder must be freed like any value.
        let bad = flowgate_rt_seq_at(0, s, 99);
        assert_eq!(flowgate_rt_ok(), 0);
        clear_error();
        flowgate_rt_retain(c);
        for v in [a, n, s, c, c, o, g, bad] {
            flowgate_rt_release(v);
        }
        // Consuming insert on an error path still releases the sequence it consumed.
        let s = flowgate_rt_seq_empty(DType::F32.code());
        let i = flowgate_rt_box_i64(1, DType::I64.code());
        let p = flowgate_rt_seq_insert_consume(0, s, i, 0, 0);
        assert_eq!(flowgate_rt_ok(), 0);
        clear_error();
        flowgate_rt_release(p);
        flowgate_rt_release(i);
    }
    assert_eq!(unsafe { flowgate_rt_live_values() }, start);
}
